"""MISTAKE: Saves memory with in-place ops (x -= max, x.exp_()), so the returned weights are right but the caller's scores are overwritten with exp(x - max), and a leaf that requires grad raises an error.
FIX: Work on new tensors: e = torch.exp(x - x.amax(dim, keepdim=True)).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x -= x.amax(dim=dim, keepdim=True)
    x.exp_()
    return x / x.sum(dim=dim, keepdim=True)
