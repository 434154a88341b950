"""CORRECT: the product is computed as (V^T @ weights^T)^T, using (AB)^T = B^T A^T over the last two axes.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return (V.transpose(-2, -1) @ weights.transpose(-2, -1)).transpose(-2, -1).contiguous()
