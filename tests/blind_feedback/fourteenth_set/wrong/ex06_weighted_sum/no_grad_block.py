"""MISTAKE: Wraps the product in torch.no_grad(), so the values are right but the output is cut off from the autograd graph and no gradient reaches the weights or V.
FIX: Compute weights @ V normally, with autograd on.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        out = weights @ V
    return out
