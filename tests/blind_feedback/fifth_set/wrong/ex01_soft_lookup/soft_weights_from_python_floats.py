"""MISTAKE: soft_lookup computes the softmax weights in a Python loop over scores.tolist() and rebuilds them with torch.tensor, which cuts the autograd graph: the value is right but no gradient reaches the query or the keys.
FIX: Keep every step as tensor operations (e.g. torch.softmax(keys @ query, dim=0)) so gradients flow to query, keys and values.
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = (keys @ query).tolist()
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    weights = torch.tensor([e / total for e in exps], dtype=values.dtype, device=values.device)
    return weights @ values
