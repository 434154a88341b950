"""MISTAKE: hard_lookup returns the best-matching key row instead of the value row stored under it, mixing up the roles of keys and values; the result has width d instead of d_v and holds the wrong content.
FIX: Use the argmax of keys @ query to index values, not keys.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = torch.argmax(scores)
    return keys[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return weights @ values
