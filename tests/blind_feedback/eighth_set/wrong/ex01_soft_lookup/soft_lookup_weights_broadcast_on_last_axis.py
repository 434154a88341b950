"""MISTAKE: soft_lookup multiplies the [n] weights with the [n, d_v] values numpy-style without adding an axis, so the weights broadcast along d_v instead of along the rows: it raises when n != d_v and returns weights[j] * sum_i values[i, j] when n == d_v.
FIX: Give the weights a trailing axis (weights[:, None] * values).sum(0), or simply use weights @ values.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    return (weights * values).sum(0)
