"""MISTAKE: The max and the sum are always taken over the last axis (dim=-1 hard-coded), ignoring the dim argument, so any call with dim other than -1 normalises the wrong axis.
FIX: Pass dim through to amax and sum.

Cause: ex05_dim_ignored
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    shifted = x - x.amax(dim=-1, keepdim=True)
    exps = torch.exp(shifted)
    return exps / exps.sum(dim=-1, keepdim=True)
