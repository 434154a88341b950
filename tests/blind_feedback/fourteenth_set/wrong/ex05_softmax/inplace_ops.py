"""MISTAKE: Does the shift, exp and division in place on x (x -= ..., exp_(), /=), so it returns the right numbers but destroys the caller's scores (and raises for a leaf that requires grad).
FIX: Compute out of place: e = torch.exp(x - m); return e / e.sum(dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x -= x.amax(dim=dim, keepdim=True)
    x.exp_()
    x /= x.sum(dim=dim, keepdim=True)
    return x
