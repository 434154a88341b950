"""MISTAKE: soft_lookup uses the raw dot-product scores as the weights without a softmax, so the weights are unnormalised (possibly negative) and the output is not a weighted average.
FIX: Apply softmax over the n scores before blending the value rows.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return scores @ values

