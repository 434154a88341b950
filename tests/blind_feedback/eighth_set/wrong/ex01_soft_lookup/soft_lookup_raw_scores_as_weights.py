"""MISTAKE: soft_lookup skips the softmax and blends the values with the raw dot-product scores, so the weights are not positive and do not sum to 1 and the output is not an average of the value rows.
FIX: Turn the scores into weights with torch.softmax(scores, dim=0) before computing weights @ values.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return scores @ values
