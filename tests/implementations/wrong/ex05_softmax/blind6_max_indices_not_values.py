"""torch.max(x, dim, keepdim=True)[1] is the argmax index, not the maximum, so the "stable" shift subtracts an index and large scores still overflow exp to inf and give NaN.

FIX: Take the values, torch.max(x, dim, keepdim=True)[0] (or x.amax(dim, keepdim=True)).

Caught by: blind set 6.

Cause: softmax_no_shift
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    m = torch.max(x, dim=dim, keepdim=True)[1]
    e = torch.exp(x - m)
    return e / e.sum(dim=dim, keepdim=True)
