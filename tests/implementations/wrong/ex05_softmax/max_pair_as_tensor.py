"""Subtracts what torch.max(x, dim, keepdim=True) returns, a (values, indices) pair, as if
it were the tensor of maxima.

keepdim=True is there; the mistake is the pair: with a dim, torch.max returns a
torch.return_types.max, and `x - pair` raises a TypeError that names it.

Caught by: every case (the call raises at the line that subtracts the pair).

Cause: return_pair
"""

import torch


def softmax(x, dim=-1):
    m = torch.max(x, dim=dim, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=dim, keepdim=True)
