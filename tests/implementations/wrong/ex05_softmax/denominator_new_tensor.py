"""The denominator is copied with `new_tensor` (a copy that leaves autograd behind, like
`.clone().detach()`): the values are right, but no gradient flows through the sum, so the
gradient is wrong. No line rule quotes it: the general cause.

Caught by: the gradient case (the softmax's own gradient).

Cause: partial_detach
"""
import torch


def softmax(x, dim=-1):
    e = torch.exp(x - x.amax(dim=dim, keepdim=True))
    total = e.new_tensor(e.sum(dim=dim, keepdim=True))
    return e / total
