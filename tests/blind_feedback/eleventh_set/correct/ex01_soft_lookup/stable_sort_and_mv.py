"""CORRECT: hard_lookup takes the first entry of a stable descending sort instead of argmax, and soft_lookup uses matrix-vector products (torch.mv) with the transposed values instead of weights @ values."""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    order = torch.sort(keys @ query, descending=True, stable=True).indices
    return values[order[0]]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(torch.mv(keys, query), dim=0)
    return torch.mv(values.t(), weights)
