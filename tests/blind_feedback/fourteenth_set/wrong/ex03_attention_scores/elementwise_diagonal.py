"""MISTAKE: Takes the dot product row by row, (Q * K).sum(-1), which pairs query i only with key i; it returns [..., n] (the diagonal of the table) and fails when n_q != n_k.
FIX: Compare every query with every key: Q @ K.transpose(-2, -1) gives [..., n_q, n_k].
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q * K).sum(dim=-1)
