"""MISTAKE: soft_lookup scales the value rows with the in-place mul_, which overwrites the caller's values tensor (and breaks autograd when values requires grad).
FIX: Use an out-of-place product, (weights[:, None] * values).sum(0), or simply weights @ values.
"""
import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return values.mul_(weights.unsqueeze(-1)).sum(dim=0)
