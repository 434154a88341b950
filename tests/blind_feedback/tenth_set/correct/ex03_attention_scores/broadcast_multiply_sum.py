"""CORRECT: No matmul at all: broadcasts Q[..., n_q, 1, d_k] against K[..., 1, n_k, d_k], multiplies elementwise and sums over the feature axis."""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q.unsqueeze(-2) * K.unsqueeze(-3)).sum(dim=-1)
