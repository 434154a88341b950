"""MISTAKE: Multiplies in the wrong order, V @ weights, which only runs when d_v happens to equal n_q and then mixes the wrong things.
FIX: Put the weights first: weights @ V ([..., n_q, n_k] @ [..., n_k, d_v]).
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return V @ weights
