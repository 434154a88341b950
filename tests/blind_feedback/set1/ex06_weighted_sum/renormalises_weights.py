"""MISTAKE: renormalises each row of weights to sum to 1 before blending, but the weights must be used exactly as given.
FIX: return `weights @ V`; making the rows sum to 1 is the softmax's job, not this function's.

Invisible when the weights already come from a softmax; any other weights (raw scores,
rows that do not sum to 1) show it.

Cause: ex06_renormalised
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V
