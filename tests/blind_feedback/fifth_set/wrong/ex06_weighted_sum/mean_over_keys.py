"""MISTAKE: Reads "weighted average" literally and takes the mean over the keys of weights[i, j] * V[j], which divides the correct blend by n_k.
FIX: The weights already carry the averaging: sum over the keys, i.e. weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    prod = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return prod.mean(dim=-2)
