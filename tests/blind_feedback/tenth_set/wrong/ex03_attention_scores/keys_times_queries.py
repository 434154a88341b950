"""MISTAKE: Multiplies in the wrong order, K @ Qᵀ, which gives the transpose of the score table: shape [..., n_k, n_q], so cross-attention shapes are wrong and square self-attention tables come back with rows and columns swapped.
FIX: Put the queries first: Q @ K.transpose(-2, -1), so row i belongs to query i.
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return K @ Q.transpose(-2, -1)
