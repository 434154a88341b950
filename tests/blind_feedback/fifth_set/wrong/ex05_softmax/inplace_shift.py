"""MISTAKE: Shifts and exponentiates the input in place (x.sub_ and x.exp_) to save memory, so the caller's scores are overwritten by the unnormalised exponentials (and autograd rejects it for leaf tensors that require grad).
FIX: Work on new tensors: e = torch.exp(x - x.amax(dim, keepdim=True)).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x.sub_(x.amax(dim=dim, keepdim=True))
    x.exp_()
    return x / x.sum(dim=dim, keepdim=True)
