"""soft_lookup divides the scores by sqrt(d), but exercise 01 asks for the unscaled scores.

Caught by: any soft_lookup case with d > 1 (the weights are flatter than the reference's).

Cause: ex01_scaled
"""

import math

import torch


def hard_lookup(query, keys, values):
    scores = keys @ query
    best = torch.argmax(scores)
    return values[best]


def soft_lookup(query, keys, values):
    scores = keys @ query / math.sqrt(query.size(-1))
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
