"""MISTAKE: The einsum "...ij,...id->...jd" contracts the query axis of the weights instead of the key axis (it computes weightsᵀ @ V), so it fails when n_q != n_k and gives column-wise blends, with rows belonging to keys, when the table is square.
FIX: Contract over the key index: torch.einsum("...ij,...jd->...id", weights, V), i.e. weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.einsum("...ij,...id->...jd", weights, V)
