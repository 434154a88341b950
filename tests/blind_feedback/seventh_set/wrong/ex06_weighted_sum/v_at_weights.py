"""MISTAKE: It multiplies in the wrong order, V @ weights, which raises unless d_v == n_q and for square shapes mixes value features instead of value rows.
FIX: Put the weights first: weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return V @ weights
