"""MISTAKE: soft_lookup reads "weighted average" as "weighted sum divided by n", so it divides by the number of items although the softmax weights already sum to 1.
FIX: Return weights @ values as is; the softmax normalisation already makes it an average.
"""
import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    n = values.shape[0]
    return (weights @ values) / n
