"""Ignores the dim argument and always normalises over the last dimension.

Caught by: any call with dim other than -1 (e.g. dim=0 or dim=-2).

Cause: ex05_dim_ignored
"""

import torch


def softmax(x, dim=-1):
    m = x.amax(dim=-1, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)
