"""MISTAKE: The shift and exponent are done in place (x -= max; x.exp_()), which overwrites the caller's scores with the softmax output (and errors for inputs that require grad).
FIX: Use out-of-place ops: e = torch.exp(x - x.amax(dim, keepdim=True)).
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x -= x.amax(dim=dim, keepdim=True)
    x.exp_()
    return x / x.sum(dim=dim, keepdim=True)
