"""MISTAKE: It takes the dot product of each query with the key at the same position, `(Q * K).sum(-1)`, giving only the diagonal of the score table (shape [..., n], and usually an error when n_q != n_k) instead of every query against every key.
FIX: Use a matrix product, `Q @ K.transpose(-2, -1)`, so every pair (i, j) is scored.
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q * K).sum(dim=-1)
