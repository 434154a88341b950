"""Calls the ready-made torch.softmax for float16 inputs only; every other input is right.

Caught by: forbidden call (a float16 input reaches torch.softmax; the source spells it).
A forbidden call costs the whole exercise, so the cases whose values it computed itself
do not count either.

Cause: forbidden_call
"""

import torch


def softmax(x, dim=-1):
    if x.dtype == torch.float16:
        return torch.softmax(x, dim=dim)
    shifted = x - x.amax(dim=dim, keepdim=True)
    exps = torch.exp(shifted)
    return exps / exps.sum(dim=dim, keepdim=True)
