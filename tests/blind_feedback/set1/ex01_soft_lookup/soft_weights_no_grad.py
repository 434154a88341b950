"""MISTAKE: soft_lookup computes the weights under torch.no_grad(), so no gradient reaches the query or the keys.
FIX: compute the scores and the softmax normally, outside any no_grad block.

The forward values are right; only a gradient check shows it (query.grad and keys.grad
stay None / zero, values.grad is still correct).

Cause: no_grad_line
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        scores = keys @ query
        weights = torch.softmax(scores, dim=-1)
    return weights @ values
