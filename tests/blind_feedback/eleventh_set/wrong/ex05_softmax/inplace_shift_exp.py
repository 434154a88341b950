"""MISTAKE: saves memory with in-place sub_() and exp_() on x itself, so the caller's scores are overwritten with their shifted exponentials (and autograd rejects it for leaf tensors that require grad).
FIX: use out-of-place operations: e = torch.exp(x - x.amax(dim=dim, keepdim=True)).
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x.sub_(x.amax(dim=dim, keepdim=True)).exp_()
    return x / x.sum(dim=dim, keepdim=True)
