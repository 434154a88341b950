"""MISTAKE: It calls .squeeze() on the result, which also drops legitimate size-1 dimensions, so a single query (n_q = 1), a single value feature (d_v = 1) or a batch of one comes back with the wrong shape.
FIX: Return weights @ V without squeezing.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return (weights @ V).squeeze()
