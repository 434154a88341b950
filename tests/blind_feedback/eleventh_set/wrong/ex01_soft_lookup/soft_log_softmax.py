"""MISTAKE: soft_lookup uses log_softmax instead of softmax, so the "weights" are negative log-probabilities that do not sum to 1 and the output is not a weighted average of the value rows.
FIX: use torch.softmax(scores, dim=0) for the weights.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = F.log_softmax(keys @ query, dim=0)
    return weights @ values
