"""CORRECT: No matmul at all: broadcasts Q as [..., n_q, 1, d_k] against K as [..., 1, n_k, d_k], multiplies and sums over the feature axis.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    pairs = Q.unsqueeze(-2) * K.unsqueeze(-3)    # [..., n_q, n_k, d_k]
    return pairs.sum(dim=-1)
