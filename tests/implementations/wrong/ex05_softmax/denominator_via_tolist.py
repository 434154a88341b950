"""The denominator goes through Python numbers (`.tolist()`, then `torch.as_tensor`): the
values are right, but no gradient flows through the sum, so the gradient is wrong.

Caught by: the gradient case (the softmax's own gradient).

Cause: numbers_line
"""
import torch


def softmax(x, dim=-1):
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    total = torch.as_tensor(e.sum(dim=dim, keepdim=True).tolist(), dtype=x.dtype,
                            device=x.device)
    return e / total
