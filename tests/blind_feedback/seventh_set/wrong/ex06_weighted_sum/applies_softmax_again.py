"""MISTAKE: It applies a softmax to the weights again before blending (double softmax), so the already-normalised weights get flattened towards uniform and the output is wrong.
FIX: Use the weights exactly as given: weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(weights, dim=-1)
    return weights @ V
