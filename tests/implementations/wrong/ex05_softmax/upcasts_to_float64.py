"""Upcasts to float64 "for stability" and forgets to cast back, so float32 in gives float64 out.

Caught by: float32 inputs (output dtype float64).

Cause: dtype_cast
"""

import torch


def softmax(x, dim=-1):
    x = x.to(torch.float64)
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    return e / e.sum(dim=dim, keepdim=True)
