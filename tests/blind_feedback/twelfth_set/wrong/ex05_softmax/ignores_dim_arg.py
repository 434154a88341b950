"""MISTAKE: Hard-codes the last axis for the max and the sum and never uses the dim argument, so softmax(x, dim=0) (or any dim other than the last) normalises the wrong slices. The default dim=-1 works.
FIX: Pass dim to both the max and the sum.
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    # scores are [..., n]: normalise over the n keys
    m = x.max(dim=-1, keepdim=True).values
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)
