"""MISTAKE: soft_lookup accumulates the weighted rows into `torch.zeros(d_v)` with `+=`; that buffer has the default dtype (float32) and device, so float64 or float16 inputs come back as float32 (float64 results lose precision) and CUDA inputs fail.
FIX: Create the accumulator with `torch.zeros_like(values[0])` or just return `weights @ values`.

Cause: made_float32
"""
from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    out = torch.zeros(values.shape[1])
    for w, v in zip(weights, values):
        out += w * v
    return out
