"""MISTAKE: It transposes Q instead of K and computes Qᵀ K, which contracts over the token axis and yields a [..., d_k, d_k] feature-by-feature matrix (and fails when n_q != n_k) instead of the [..., n_q, n_k] query-by-key table.
FIX: Transpose K, not Q: `Q @ K.transpose(-2, -1)`.
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q.transpose(-2, -1) @ K
