"""Subtracts the max in place with x.sub_(...), overwriting the caller's tensor.

Caught by: the inputs-left-unchanged check (and a leaf input with requires_grad=True
raises); the returned values are right.

Cause: in_place_input
"""

import torch


def softmax(x, dim=-1):
    x.sub_(x.amax(dim=dim, keepdim=True))
    e = torch.exp(x)
    return e / e.sum(dim=dim, keepdim=True)
