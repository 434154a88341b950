"""MISTAKE: Computes exp(x) / sum(exp(x)) directly, without subtracting the maximum first. Fine for small scores, but large ones (x > ~88 in float32, ~11 in float16) overflow to inf and give NaN, and a slice of very negative scores (e.g. [-1000, -999]) underflows to 0/0 = NaN.
FIX: Subtract x.amax(dim, keepdim=True) before exponentiating.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
