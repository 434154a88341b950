"""Always normalises over dim 0 instead of the `dim` it is given (default -1).

Caught by: any case with more than one row.

Cause: ex05_dim_zero
"""
import torch


def softmax(x, dim=-1):
    e = torch.exp(x - x.amax(dim=0, keepdim=True))
    return e / e.sum(dim=0, keepdim=True)
