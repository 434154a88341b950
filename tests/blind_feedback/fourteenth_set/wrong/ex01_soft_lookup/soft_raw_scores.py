"""MISTAKE: soft_lookup uses the raw dot products as weights without a softmax, so the weights are not positive and do not sum to 1 and the output is not an average of the values.
FIX: Turn the scores into weights with softmax(keys @ query) before taking weights @ values.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return scores @ values
