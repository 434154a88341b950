"""MISTAKE: computes (Q * K).sum(-1), the dot product of query i with key i only, so it returns the diagonal [..., n] instead of the full [..., n_q, n_k] table (and raises when n_q != n_k).
FIX: compare every query with every key: Q @ K.transpose(-2, -1).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q * K).sum(dim=-1)
