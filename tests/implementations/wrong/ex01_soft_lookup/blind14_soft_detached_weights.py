"""MISTAKE: soft_lookup detaches the softmax weights, so the value is right but no gradient reaches the query or the keys (only the values get gradients), breaking the 'differentiable in all inputs' contract.
FIX: Keep the weights on the autograd graph: softmax(keys @ query) @ values without .detach().

Cause: detach_line
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0).detach()
    return weights @ values
