"""MISTAKE: It multiplies Q and K elementwise and sums the last axis, which only pairs query i with key i (a [..., n] diagonal) instead of every query with every key, and raises when n_q != n_k.
FIX: Use a matrix product, Q @ K.transpose(-2, -1), to get all n_q x n_k pairs.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q * K).sum(dim=-1)
