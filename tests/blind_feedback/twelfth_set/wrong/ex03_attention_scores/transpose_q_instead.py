"""MISTAKE: Transposes Q instead of K and computes Qᵀ K, a [d_k, d_k] feature-by-feature table rather than the [n_q, n_k] query-by-key table. It raises a shape error when n_q != n_k and returns the wrong matrix when they are equal.
FIX: Transpose the keys: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q.transpose(-2, -1) @ K
