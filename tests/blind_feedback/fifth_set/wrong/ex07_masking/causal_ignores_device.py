"""MISTAKE: Accepts the device argument but never uses it, so the mask is always created on the CPU (a mask requested on "meta" or "cuda" is on the wrong device).
FIX: Pass device=device to torch.ones (or move the result with .to(device)).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
