"""MISTAKE: soft_lookup computes the scores inside torch.no_grad(), so no gradient flows back into query or keys (only values get a gradient).
FIX: Compute the scores normally, outside torch.no_grad(), so the whole lookup stays differentiable.
"""
import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        idx = torch.argmax(keys @ query)
    return values[idx]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values
