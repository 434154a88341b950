"""MISTAKE: Copies the lesson's `return weights @ V, weights` and returns a tuple (output, weights) instead of the single output tensor the contract asks for.
FIX: Return only weights @ V.

Cause: result_tuple_item
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    output = weights @ V
    return output, weights
