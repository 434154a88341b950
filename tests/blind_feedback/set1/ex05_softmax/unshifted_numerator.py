"""MISTAKE: the shift is only applied in the denominator: the numerator uses exp(x) instead of exp(x - max).
FIX: exponentiate the shifted scores once and use that tensor in both places.

Every output is off by a factor exp(max); large inputs overflow to inf or NaN.

Cause: ex05_numerator_unshifted
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.amax(dim=dim, keepdim=True)
    shifted = x - m
    return torch.exp(x) / torch.exp(shifted).sum(dim=dim, keepdim=True)
