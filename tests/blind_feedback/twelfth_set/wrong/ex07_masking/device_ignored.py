"""MISTAKE: causal_mask accepts `device` but never uses it, so the mask is always created on the CPU; it is wrong whenever a non-CPU device (e.g. "meta" or "cuda") is requested.
FIX: Pass device=device to torch.ones (the mask must live on the requested device).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    mask = torch.tril(torch.ones(n, n))
    return mask.bool()


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
