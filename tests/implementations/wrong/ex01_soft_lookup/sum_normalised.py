"""soft_lookup divides the scores by their sum instead of taking a softmax (no exp).

Caught by: any soft_lookup case (negative scores give negative weights).

Cause: ex01_sum_normalised
"""
import torch


def hard_lookup(query, keys, values):
    return values[torch.argmax(keys @ query)]


def soft_lookup(query, keys, values):
    scores = keys @ query
    return (scores / scores.sum()) @ values
