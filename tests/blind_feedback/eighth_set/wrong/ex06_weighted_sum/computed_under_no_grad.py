"""MISTAKE: Copied from inference code, the product runs under torch.no_grad(), so the output is cut off the autograd graph and no gradient flows back to the weights or to V.
FIX: Remove the torch.no_grad() block and return weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    with torch.no_grad():
        out = weights @ V
    return out
