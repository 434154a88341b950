"""MISTAKE: Uses torch.bmm, which accepts exactly one batch dimension; 2-D inputs [n_q, n_k] and inputs with two or more batch dims (e.g. [B, h, n_q, n_k]) raise an error. Only 3-D inputs work.
FIX: Use @ / torch.matmul, which broadcasts over any number of leading dims.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    # batched matrix multiply: [B, n_q, n_k] x [B, n_k, d_v] -> [B, n_q, d_v]
    return torch.bmm(weights, V)
