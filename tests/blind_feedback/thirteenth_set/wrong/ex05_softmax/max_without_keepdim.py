"""MISTAKE: Takes the max without keepdim=True, so the [..., n] row maxima broadcast along the wrong axis: for a square input each column gets a different shift (the rows no longer match softmax), and for non-square inputs the subtraction fails.
FIX: Keep the reduced axis, x.amax(dim, keepdim=True), so each slice is shifted by its own max.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = x.max(dim=dim).values
    e = torch.exp(x - m)
    return e / e.sum(dim=dim, keepdim=True)
