"""MISTAKE: soft_lookup computes in float64 for accuracy and returns float64 instead of the input dtype.
FIX: Keep the input dtype (or cast the result back with .to(values.dtype)).
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys.double() @ query.double()
    weights = torch.softmax(scores, dim=0)
    return weights @ values.double()
