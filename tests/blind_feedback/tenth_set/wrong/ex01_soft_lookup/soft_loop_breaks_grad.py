"""MISTAKE: soft_lookup computes the scores in a Python loop and packs them with torch.tensor([...]), which copies the numbers out of the graph, so no gradient reaches the query or the keys (only values still get one).
FIX: Compute the scores as one tensor operation, keys @ query (or torch.stack the dot products), so they stay on the autograd graph.
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.tensor([torch.dot(k, query) for k in keys], dtype=query.dtype, device=query.device)
    weights = torch.softmax(scores, dim=0)
    return weights @ values
