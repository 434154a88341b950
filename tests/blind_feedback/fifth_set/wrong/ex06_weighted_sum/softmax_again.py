"""MISTAKE: Applies a softmax to the weights before blending, treating them as raw scores; already-normalised weights get flattened (softmax of probabilities) and the output is a different blend.
FIX: The weights are used as given: return weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.softmax(weights, dim=-1) @ V
