"""MISTAKE: Computes (Q * K).sum(-1), which dots query i only with key i: it returns the diagonal of the score table, shape [..., n], and fails when n_q != n_k.
FIX: Compare every query with every key: Q @ K.transpose(-2, -1), shape [..., n_q, n_k].
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q * K).sum(dim=-1)
