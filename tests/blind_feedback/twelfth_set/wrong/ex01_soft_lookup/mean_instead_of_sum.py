"""MISTAKE: soft_lookup reads "weighted average" literally and takes .mean() over the weighted value rows, which divides the correct blend by n a second time. It shows for every input with more than one stored item (the result is n times too small).
FIX: The softmax weights already sum to 1, so the weighted average is just the sum of weights_i * values_i (weights @ values).
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query                         # [n]
    weights = torch.softmax(scores, dim=0)        # [n], sums to 1
    weighted = weights.unsqueeze(-1) * values     # [n, d_v]
    # weighted average of the value rows
    return weighted.mean(dim=0)
