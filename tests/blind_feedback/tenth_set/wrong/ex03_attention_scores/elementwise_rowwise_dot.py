"""MISTAKE: Computes (Q * K).sum(-1), the dot product of query i with key i only (the diagonal of the table), so the result has shape [..., n] instead of [..., n_q, n_k] and fails when n_q != n_k.
FIX: Compare every query with every key using a matrix product: Q @ K.transpose(-2, -1).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q * K).sum(dim=-1)
