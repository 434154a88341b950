"""MISTAKE: Computes (Q * K).sum(-1), which only pairs query i with key i (the diagonal of the table) and needs n_q == n_k, instead of every query with every key.
FIX: Use a matrix product so every pair is scored: Q @ K.transpose(-2, -1).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q * K).sum(dim=-1)
