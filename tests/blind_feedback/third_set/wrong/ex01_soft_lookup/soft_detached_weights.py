"""MISTAKE: soft_lookup detaches the scores before the softmax, so no gradient reaches the query or the keys.
FIX: Do not call .detach(); keep the scores in the autograd graph.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = (keys @ query).detach()
    weights = torch.softmax(scores, dim=0)
    return weights @ values
