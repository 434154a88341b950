"""MISTAKE: hard_lookup is a softmax with a tiny temperature, which still blends value rows instead of returning exactly one.
FIX: take `values[torch.argmax(keys @ query)]`; no softmax at all.

Looks right on random inputs (the blend is almost one-hot), but when the two best keys
score within ~1e-3 of each other the result is a mix of two rows, not a row bit for bit.
It also stays differentiable, which a dictionary lookup is not.

Cause: ex01_sharp_softmax
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    temperature = 1e-3
    weights = torch.softmax(scores / temperature, dim=-1)
    return weights @ values


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
