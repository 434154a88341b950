"""Moves `dim` to the end with transpose(dim, -1), takes the softmax along the last axis,
and never moves it back: the result keeps the transposed layout.

Caught by: any call with dim other than -1 (dim=0 of a [5, 3] tensor gives [3, 5]).

Cause: ex05_not_moved_back
"""

import torch


def softmax(x, dim=-1):
    x = x.transpose(dim, -1)
    e = torch.exp(x - x.amax(dim=-1, keepdim=True))
    return e / e.sum(dim=-1, keepdim=True)
