"""MISTAKE: It applies a softmax to the weights before blending, although they are already the softmax output and must be used as given; the blend becomes much flatter (e.g. [0.5, 0.5, 0] turns into about [0.38, 0.38, 0.23]) and every output row is wrong.
FIX: Skip the softmax and return `weights @ V`.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    w = torch.softmax(weights, dim=-1)
    return w @ V
