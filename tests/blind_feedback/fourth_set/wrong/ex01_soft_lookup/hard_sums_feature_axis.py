"""MISTAKE: hard_lookup multiplies keys by query elementwise and then sums over dim 0 (the items) instead of dim -1 (the features), so it argmaxes over features and picks the wrong row (or an out-of-range one).
FIX: Sum over the feature axis, (keys * query).sum(-1), or simply use keys @ query to get one score per key.
"""
import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = (keys * query).sum(0)
    idx = torch.argmax(scores)
    return values[idx]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
