"""MISTAKE: subtracts the maximum in place (`x -= ...`, `exp_`), so the caller's scores are overwritten.
FIX: build new tensors: `e = torch.exp(x - x.amax(dim=dim, keepdim=True))`.

The returned weights are right; the input tensor is changed (and an input that
requires grad raises).

Cause: in_place_line
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x -= x.amax(dim=dim, keepdim=True)
    x.exp_()
    return x / x.sum(dim=dim, keepdim=True)
