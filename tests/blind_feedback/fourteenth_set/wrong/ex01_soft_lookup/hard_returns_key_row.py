"""MISTAKE: hard_lookup returns the winning key row keys[i] instead of the value row values[i]; the result has shape [d] and the key's content, not the value's.
FIX: Index the values with the argmax of the scores: values[argmax(keys @ query)].
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    i = torch.argmax(scores)
    return keys[i]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
