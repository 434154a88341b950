"""MISTAKE: applies a softmax to the weights again before blending (a double softmax).
FIX: return `weights @ V`; the weights have already been normalised upstream.

Any input shows it: softmax weights get flattened towards uniform, raw weights are
turned into different numbers.

Cause: ex06_softmax_again
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(weights, dim=-1)
    return weights @ V
