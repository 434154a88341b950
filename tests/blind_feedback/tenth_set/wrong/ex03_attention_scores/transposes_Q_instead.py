"""MISTAKE: Transposes Q instead of K, computing Qᵀ @ K, which is a [d_k, d_k] feature-by-feature table (and needs n_q == n_k) rather than the [n_q, n_k] query-by-key scores.
FIX: Transpose the keys, not the queries: Q @ K.transpose(-2, -1).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q.transpose(-2, -1) @ K
