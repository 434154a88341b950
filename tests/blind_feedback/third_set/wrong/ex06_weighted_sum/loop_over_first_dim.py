"""MISTAKE: weighted_sum loops over the first dimension as if it were the batch, so unbatched 2-D input (and batch-broadcast V) goes wrong.
FIX: Use a single weights @ V, which works with any leading dims.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    outs = []
    for b in range(weights.shape[0]):
        outs.append(weights[b] @ V[b])
    return torch.stack(outs, dim=0)
