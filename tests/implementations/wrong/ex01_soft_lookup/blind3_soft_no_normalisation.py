"""soft_lookup uses exp(scores) as weights without dividing by their sum, so the weights do not add up to 1.

Caught by: blind set 3.

Cause: ex01_exp_unnormalised
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.exp(scores)
    return weights @ values
