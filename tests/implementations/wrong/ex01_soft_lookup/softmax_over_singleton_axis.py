"""soft_lookup keeps the scores as a column [n, 1] and takes the softmax over the size-1 axis, so every weight is 1.

Caught by: any soft_lookup case (the result is the plain sum of the value rows).

Cause: ex01_singleton_softmax
"""

import torch


def hard_lookup(query, keys, values):
    scores = keys @ query
    best = torch.argmax(scores)
    return values[best]


def soft_lookup(query, keys, values):
    scores = keys @ query.unsqueeze(-1)          # [n, 1]
    weights = torch.softmax(scores, dim=-1)      # softmax over the size-1 axis: all ones
    return (weights * values).sum(dim=0)
