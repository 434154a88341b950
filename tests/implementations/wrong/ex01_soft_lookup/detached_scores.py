"""soft_lookup detaches the scores, so no gradient flows back to the query or the keys.

Caught by: the gradient check of soft_lookup with respect to query and keys (the values
and the gradient with respect to values are right).

Cause: detach_line
"""

import torch


def hard_lookup(query, keys, values):
    scores = keys @ query
    best = torch.argmax(scores)
    return values[best]


def soft_lookup(query, keys, values):
    scores = (keys @ query).detach()
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
