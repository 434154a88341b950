"""The max is subtracted in the denominator only: exp(x) / sum(exp(x - max)).

Caught by: the lesson's scores already (every weight is off by exp(max)); large inputs overflow.

Cause: ex05_numerator_unshifted
"""
import torch


def softmax(x, dim=-1):
    top = torch.exp(x)
    bottom = torch.exp(x - x.amax(dim=dim, keepdim=True)).sum(dim=dim, keepdim=True)
    return top / bottom
