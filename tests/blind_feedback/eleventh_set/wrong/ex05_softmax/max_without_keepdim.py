"""MISTAKE: takes the maximum without keepdim, so it broadcasts against the wrong axis: entries of one slice get the maxima of other slices subtracted, which breaks the shift rule (with the default dim=-1: wrong values for square inputs and an error for most other shapes; only 1-D inputs, or dim=0 on a matrix, happen to come out right).
FIX: use x.max(dim=dim, keepdim=True).values so the maximum lines up with its own slice.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.max(dim=dim).values
    e = torch.exp(x - m)
    return e / e.sum(dim=dim, keepdim=True)
