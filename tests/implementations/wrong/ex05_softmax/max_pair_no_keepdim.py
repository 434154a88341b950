"""Shifts by x.max(dim) used as a tensor: with a dim, max returns a (values, indices) pair.

The line has no keepdim either, but the error it raises is about the pair (a TypeError
naming torch.return_types.max), and adding keepdim=True alone gives the same error: the
pair is what the report must name.

Caught by: every case (the call raises at the line that subtracts the pair).

Cause: return_pair
"""

import torch


def softmax(x, dim=-1):
    e = torch.exp(x - x.max(dim))
    return e / e.sum(dim=dim, keepdim=True)
