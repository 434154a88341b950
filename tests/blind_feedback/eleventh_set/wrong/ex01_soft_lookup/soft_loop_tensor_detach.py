"""MISTAKE: soft_lookup builds the scores with torch.tensor([...]) from a Python loop, which copies the numbers into a fresh leaf tensor; the value is right but no gradient reaches the query or the keys.
FIX: compute the scores as a tensor expression (keys @ query or torch.stack) so they stay on the autograd graph.
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.tensor(
        [torch.dot(k, query) for k in keys], dtype=query.dtype, device=query.device
    )
    weights = torch.softmax(scores, dim=0)
    out = torch.zeros(values.shape[1], dtype=values.dtype, device=values.device)
    for w, v in zip(weights, values):
        out = out + w * v
    return out
