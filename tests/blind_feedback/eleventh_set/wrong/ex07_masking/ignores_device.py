"""MISTAKE: causal_mask never uses its device argument, so the mask is always created on the CPU; asked for "meta" or "cuda" it returns a CPU tensor that cannot be combined with scores on that device.
FIX: Pass device=device to torch.ones.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.ones(n, n).tril().bool()


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
