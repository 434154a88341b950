"""MISTAKE: It subtracts the max with x -= ..., modifying the caller's scores in place (and raising for leaf tensors that require grad).
FIX: Write shifted = x - x.amax(dim, keepdim=True) as a new tensor.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x -= x.amax(dim=dim, keepdim=True)
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
