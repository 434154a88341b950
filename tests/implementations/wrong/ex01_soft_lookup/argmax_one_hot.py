"""soft_lookup is a hard lookup in disguise: a one-hot of the argmax instead of a softmax.

Caught by: soft_lookup values on any case where no single score dominates, and the
gradient check (no gradient reaches query or keys).

Cause: ex01_hard_for_soft
"""

import torch


def hard_lookup(query, keys, values):
    scores = keys @ query
    best = torch.argmax(scores)
    return values[best]


def soft_lookup(query, keys, values):
    scores = keys @ query
    weights = torch.nn.functional.one_hot(torch.argmax(scores), scores.size(-1))
    return weights.to(values.dtype) @ values
