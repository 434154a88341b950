"""MISTAKE: soft_lookup accumulates the blend in torch.zeros(d_v), which is always float32 on the CPU, so float64/float16 inputs come back as float32 (and off the input's device).
FIX: Compute weights @ values directly, or create the accumulator with torch.zeros_like(values[0]).

Cause: made_float32
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = torch.argmax(scores)
    return values[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    result = torch.zeros(values.shape[1])
    for i in range(values.shape[0]):
        result += weights[i] * values[i]
    return result
