"""MISTAKE: causal_mask accepts `device` but never passes it to torch.ones, so the mask is always created on the CPU; with device="meta" or "cuda" it lands on the wrong device and masking scores there fails.
FIX: Pass device=device when creating the tensor.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool))
    return mask


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
