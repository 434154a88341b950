"""MISTAKE: Loops over the first axis with weights[i] @ V, assuming weights is a single [n_q, n_k] matrix; with a batch dimension weights[i] is a whole batch element and broadcasting against all of V yields a [B, B, n_q, d_v]-style result.
FIX: Let one matrix product handle every batch: weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    rows = [weights[i] @ V for i in range(weights.shape[0])]
    return torch.stack(rows, dim=0)
