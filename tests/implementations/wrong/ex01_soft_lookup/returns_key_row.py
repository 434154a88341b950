"""hard_lookup returns the winning key row instead of the winning value row.

Caught by: keys and values that differ (and d != d_v, which also changes the shape).

Cause: ex01_key_row
"""

import torch


def hard_lookup(query, keys, values):
    scores = keys @ query
    best = torch.argmax(scores)
    return keys[best]


def soft_lookup(query, keys, values):
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
