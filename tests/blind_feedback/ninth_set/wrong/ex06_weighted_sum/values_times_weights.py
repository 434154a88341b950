"""MISTAKE: The operands are in the wrong order, V @ weights; the inner sizes (d_v and n_q) rarely match, so it usually raises, and when d_v == n_q it returns an [..., n_k, n_k] matrix of meaningless numbers.
FIX: Put the weights first: `weights @ V`.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return V @ weights
