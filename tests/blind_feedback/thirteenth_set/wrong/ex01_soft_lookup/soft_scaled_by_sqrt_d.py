"""MISTAKE: soft_lookup divides the scores by sqrt(d) before the softmax, copying the lesson's full attention formula although this exercise has no scaling; the weights come out too flat and the blend is wrong whenever d > 1.
FIX: Softmax the raw scores keys @ query and blend the values with those weights.
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    d = query.shape[-1]
    scores = keys @ query / math.sqrt(d)
    weights = torch.softmax(scores, dim=0)
    return weights @ values
