"""MISTAKE: causal_mask slices a precomputed 256 x 256 buffer (GPT block_size style), so for n > 256 the mask is only 256 x 256. Caught by causal_mask(300).
FIX: Build the mask from n at each call: torch.tril(torch.ones(n, n, dtype=torch.bool, device=device)).

Cause: ex07_fixed_size
"""

from __future__ import annotations

import torch


_MAX_LEN = 256
_TRIL = torch.tril(torch.ones(_MAX_LEN, _MAX_LEN, dtype=torch.bool))


def causal_mask(n: int, device=None) -> torch.Tensor:
    """Build the causal (lower-triangular) mask for a sequence of n tokens."""
    # build the big triangle once, then cut out the n x n corner
    return _TRIL[:n, :n].to(device)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    """Replace blocked scores by -inf."""
    return scores.masked_fill(mask == 0, float("-inf"))
