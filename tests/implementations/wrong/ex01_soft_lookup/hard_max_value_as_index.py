"""hard_lookup uses the best score itself, torch.max(scores), as the row index (cut to a
whole number with .long()) instead of the position of the best score (argmax).

Caught by: any case whose best score, as a whole number, is not the best key's index
(the exact-match case: score 3 for key 2); the tie case tells it from argmin.

Cause: ex01_max_as_index
"""
import torch


def hard_lookup(query, keys, values):
    scores = keys @ query
    best = torch.max(scores)
    return values[best.long()]


def soft_lookup(query, keys, values):
    return torch.softmax(keys @ query, dim=0) @ values
