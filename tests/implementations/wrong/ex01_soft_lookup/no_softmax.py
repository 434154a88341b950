"""soft_lookup forgets the softmax and uses the raw dot products as weights.

Caught by: any soft_lookup case (the raw scores do not sum to 1, so the result is not a
weighted average of the values).

Cause: ex01_no_softmax
"""

import torch


def hard_lookup(query, keys, values):
    scores = keys @ query
    best = torch.argmax(scores)
    return values[best]


def soft_lookup(query, keys, values):
    weights = keys @ query
    return weights @ values
