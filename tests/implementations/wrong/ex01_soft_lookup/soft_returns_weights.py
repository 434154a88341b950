"""soft_lookup returns the softmax weights [n] instead of the weighted average of the values.

Caught by: any soft_lookup case (shape [n] instead of [d_v], the weights themselves).

Cause: ex01_returns_weights
"""
import torch


def hard_lookup(query, keys, values):
    return values[torch.argmax(keys @ query)]


def soft_lookup(query, keys, values):
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights
