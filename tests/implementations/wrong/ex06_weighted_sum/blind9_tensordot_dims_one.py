"""MISTAKE: Ported from numpy's np.dot, `torch.tensordot(weights, V, dims=1)` contracts the last axis of weights with the FIRST axis of V; that is right for 2-D inputs, but with batch dimensions it pairs n_k with the batch size, so it raises or returns a [B, n_q, n_k, d_v]-style tensor.
FIX: Use `weights @ V` (torch.matmul), which batches over the leading dims.

Cause: tensordot_first_axis
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.tensordot(weights, V, dims=1)
