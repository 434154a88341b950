"""MISTAKE: none (correct). Uses (A B)^T = B^T A^T: computes V^T @ weights^T and transposes the [..., d_v, n_q] result back.
FIX: none
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return (V.mT @ weights.mT).mT
