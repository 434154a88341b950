"""MISTAKE: uses K.transpose_() to avoid a copy, which transposes the caller's K in place; the scores are right but K is left with shape [..., d_k, n_k] afterwards.
FIX: use the out-of-place K.transpose(-2, -1) (it is already a view, no copy is made).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.transpose_(-2, -1)
