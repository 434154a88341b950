"""MISTAKE: Re-wraps the weights with torch.tensor(weights, dtype=V.dtype) to match dtypes; torch.tensor copies the data off the autograd graph, so no gradient flows back to the weights (only V still gets one).
FIX: Use the weights tensor directly (weights @ V), or weights.to(V.dtype) if a cast is really needed.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    w = torch.tensor(weights, dtype=V.dtype, device=V.device)
    return w @ V
