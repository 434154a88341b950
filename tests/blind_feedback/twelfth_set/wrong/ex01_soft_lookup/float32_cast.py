"""MISTAKE: soft_lookup casts everything to float32 "to be safe" before the softmax and the blend, so float64 (or float16/bfloat16) inputs come back as float32. Values are fine for float32 inputs; the dtype is wrong for any other floating dtype.
FIX: Compute in the inputs' own dtype (no .float()), so the result keeps the dtype of values.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys.float() @ query.float()
    weights = torch.softmax(scores, dim=0)
    return weights @ values.float()
