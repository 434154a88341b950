"""soft_lookup builds the scores in a Python loop with .item() and torch.tensor, which cuts the autograd graph (no gradient reaches query or keys) and forces the scores to float32 on the CPU.

FIX: Compute the scores as a tensor expression, scores = keys @ query, so they stay on the graph with the input dtype and device.

Caught by: blind set 7.

Cause: from_python_numbers
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = torch.tensor([torch.dot(k, query).item() for k in keys])
    weights = torch.softmax(scores, dim=0)
    return weights @ values

