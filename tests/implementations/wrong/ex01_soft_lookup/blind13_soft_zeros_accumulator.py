"""MISTAKE: soft_lookup accumulates the blend in torch.zeros(d_v), which is float32 on the CPU by default, so for float16 or float64 inputs the result comes back as float32 (and on the CPU for GPU inputs) instead of keeping the input's dtype and device.
FIX: Create the accumulator like the values (torch.zeros_like(values[0]) or values.new_zeros) or simply return weights @ values.

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
    for i in range(values.shape[0]):
        out = out + weights[i] * values[i]
    return out
