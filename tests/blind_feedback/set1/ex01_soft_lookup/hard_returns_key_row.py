"""MISTAKE: hard_lookup returns the winning key row (keys[i]) instead of the value row (values[i]).
FIX: index `values` with the argmax, not `keys`.

Exposed by any input: the shape is [d] instead of [d_v] whenever d != d_v, and the
numbers are the key's, not the value's, even when the widths agree.

Cause: ex01_key_row
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    best = torch.argmax(scores)
    return keys[best]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
