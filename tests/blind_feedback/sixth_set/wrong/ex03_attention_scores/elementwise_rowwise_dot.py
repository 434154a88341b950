"""MISTAKE: The code computes (Q * K).sum(-1), the dot product of query i with key i only, so it returns one score per position ([..., n]) instead of the full [..., n_q, n_k] table and fails when n_q != n_k.
FIX: Compare every query with every key: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q * K).sum(dim=-1)
