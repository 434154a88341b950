"""MISTAKE: It computes K @ Qᵀ instead of Q @ Kᵀ, so the result is the transpose [..., n_k, n_q]: rows are keys and columns are queries (wrong shape when n_q != n_k, transposed values when square).
FIX: Put the queries first: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return K @ Q.transpose(-2, -1)
