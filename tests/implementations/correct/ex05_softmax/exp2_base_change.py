"""Base-2 form: 2 ** ((x - max) * log2(e)), normalised with a reciprocal multiply.
"""

import math

import torch


def softmax(x, dim=-1):
    shifted = x - x.amax(dim=dim, keepdim=True)
    e = torch.exp2(shifted * math.log2(math.e))
    return e * torch.reciprocal(e.sum(dim=dim, keepdim=True))
