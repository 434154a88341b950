"""MISTAKE: causal_mask never passes `device` to the tensor it builds, so the mask is always created on the CPU even when a CUDA or meta device is requested.
FIX: Create the ones tensor with device=device (torch.ones(n, n, dtype=torch.bool, device=device)).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool))
    return mask


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
