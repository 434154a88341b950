"""MISTAKE: Computes (Q * K).sum(-1), the dot product of query i with key i only, instead of every query with every key; it returns [..., n] (the diagonal of the table) when n_q == n_k and fails otherwise.
FIX: Use a matrix product, Q @ K.transpose(-2, -1), to get all n_q x n_k pairs.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q * K).sum(dim=-1)
