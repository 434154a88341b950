"""soft_lookup runs under torch.no_grad(), so the result is cut off from autograd entirely.

Caught by: the gradient check of soft_lookup (the output has no grad_fn; backward fails).

Cause: no_grad_line
"""

import torch


def hard_lookup(query, keys, values):
    scores = keys @ query
    best = torch.argmax(scores)
    return values[best]


def soft_lookup(query, keys, values):
    with torch.no_grad():
        scores = keys @ query
        weights = torch.softmax(scores, dim=-1)
        return weights @ values
