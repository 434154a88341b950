"""MISTAKE: soft_lookup builds the softmax weights from Python floats (math.exp over scores.tolist()) and wraps them in torch.tensor, which cuts the autograd graph so no gradient reaches query or keys.
FIX: Compute the weights with tensor ops (torch.softmax or torch.exp on the score tensor) so gradients and dtype are kept.
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = (keys @ query).tolist()
    m = max(scores)
    exps = [math.exp(s - m) for s in scores]
    total = sum(exps)
    weights = torch.tensor([e / total for e in exps], device=values.device)
    return (weights.to(values.dtype)[:, None] * values).sum(dim=0)
