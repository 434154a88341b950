"""hard_lookup picks the key with the smallest dot product (argmin) instead of the largest.

Caught by: any lookup whose best and worst keys differ (every case without ties).

Cause: ex01_argmin
"""

import torch


def hard_lookup(query, keys, values):
    scores = keys @ query
    best = torch.argmin(scores)
    return values[best]


def soft_lookup(query, keys, values):
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
