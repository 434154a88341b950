"""MISTAKE: hard_lookup takes argmax with keepdim=True, so indexing values returns a [1, d_v] row instead of a [d_v] vector.
FIX: Use a plain torch.argmax(scores) (a 0-dim index) so values[idx] has shape [d_v].
"""
import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = torch.argmax(scores, dim=0, keepdim=True)
    return values[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values
