"""MISTAKE: Reads "the weights are used as given" as "treat them as constants" and detaches them, so the output values are right but no gradient flows back to the weights (only V still gets one).
FIX: Multiply the weights themselves, weights @ V, keeping both inputs on the autograd graph.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    w = weights.detach()             # used as given: no changes to the weights
    return w @ V
