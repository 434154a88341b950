"""MISTAKE: soft_lookup turns the query into a column so the scores are [n, 1], then takes the softmax over dim -1, a length-1 axis, which makes every weight 1 and returns the plain sum of the value rows.
FIX: Take the softmax over the n keys (dim 0 of the [n, 1] scores), or keep the scores 1-D with keys @ query.
"""
import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[scores.argmax()]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query.unsqueeze(1)
    weights = torch.softmax(scores, dim=-1)
    return (weights.T @ values).squeeze(0)
