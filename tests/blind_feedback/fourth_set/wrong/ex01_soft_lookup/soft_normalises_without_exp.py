"""MISTAKE: soft_lookup normalises the raw scores by their sum instead of taking a softmax, so weights can be negative or huge and do not follow softmax(scores).
FIX: Exponentiate before normalising: weights = torch.softmax(scores, dim=0).
"""
import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = scores / scores.sum()
    return weights @ values
