"""MISTAKE: It computes K @ Qᵀ, which gives the transposed table [..., n_k, n_q] (keys as rows), wrong in shape when n_q != n_k and wrong in values for square tables.
FIX: Put the queries first: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return K @ Q.transpose(-2, -1)
