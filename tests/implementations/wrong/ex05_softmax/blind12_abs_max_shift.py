"""MISTAKE: Shifts by the largest magnitude |x| of each slice instead of the largest value. For slices of very negative scores (e.g. [-1000, -999]) everything underflows to 0 and gives NaN, and any slice containing a masked -inf gets an infinite shift, so masked inputs come out all NaN.
FIX: Subtract the maximum value itself, x.amax(dim, keepdim=True), so the largest term is exactly exp(0) = 1.

Cause: softmax_shift_abs
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    # subtract the biggest number (in size) so nothing can blow up
    big = x.abs().amax(dim=dim, keepdim=True)
    e = torch.exp(x - big)
    return e / e.sum(dim=dim, keepdim=True)
