"""MISTAKE: To save memory it uses x.sub_(), x.exp_() and x.div_(), which overwrite the caller's scores in place with the softmax (and raise on a leaf tensor that requires grad).
FIX: Use out-of-place ops: e = torch.exp(x - x.amax(dim=dim, keepdim=True)); return e / e.sum(dim=dim, keepdim=True).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x.sub_(x.amax(dim=dim, keepdim=True))
    x.exp_()
    x.div_(x.sum(dim=dim, keepdim=True))
    return x
