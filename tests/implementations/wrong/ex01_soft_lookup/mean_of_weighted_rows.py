"""soft_lookup averages the weighted value rows with mean(), dividing by n once more.

Caught by: any soft_lookup case (the result is n times too small).

Cause: ex01_mean_of_weighted
"""
import torch


def hard_lookup(query, keys, values):
    return values[torch.argmax(keys @ query)]


def soft_lookup(query, keys, values):
    weights = torch.softmax(keys @ query, dim=-1)
    return (weights[:, None] * values).mean(dim=0)
