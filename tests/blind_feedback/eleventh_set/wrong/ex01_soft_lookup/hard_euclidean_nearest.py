"""MISTAKE: hard_lookup picks the key closest to the query in Euclidean distance instead of the key with the largest dot product; when keys have different lengths it returns the wrong row.
FIX: score with keys @ query and take the argmax of those scores.
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    dist = torch.cdist(query.unsqueeze(0), keys).squeeze(0)
    return values[dist.argmin()]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return weights @ values
