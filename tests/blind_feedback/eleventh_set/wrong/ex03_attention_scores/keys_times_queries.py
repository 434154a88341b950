"""MISTAKE: multiplies in the wrong order, K @ Qᵀ, so the result is the transpose [..., n_k, n_q]: rows are keys and columns are queries (the shape only looks right when n_q == n_k).
FIX: return Q @ K.transpose(-2, -1).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return K @ Q.transpose(-2, -1)
