"""MISTAKE: Multiplies in the wrong order, K @ Qᵀ, which gives the transposed table [..., n_k, n_q] (row = key, column = query) instead of [..., n_q, n_k].
FIX: Put the queries on the rows: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return K @ Q.transpose(-2, -1)
