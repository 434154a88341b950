"""MISTAKE: causal_mask ignores its device argument and always builds the mask on the CPU, so a mask requested on another device (e.g. "meta" or "cuda") lands on the wrong device.
FIX: Pass device=device to torch.ones (or torch.tril's input).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))

