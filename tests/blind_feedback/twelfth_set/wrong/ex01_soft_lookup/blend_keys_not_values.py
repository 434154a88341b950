"""MISTAKE: soft_lookup blends the key rows (weights @ keys) instead of the value rows, mixing up what is matched with what is handed over. It shows whenever values differ from keys, and raises a shape error when d_v != d.
FIX: Use the keys only for the scores and return weights @ values.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    # average of the stored items, weighted by how well they match
    return weights @ keys
