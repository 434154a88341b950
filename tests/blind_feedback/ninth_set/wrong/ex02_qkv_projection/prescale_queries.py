"""MISTAKE: Ported from fairseq/HF-style attention, it folds the 1/sqrt(d_k) scaling into the query projection, so Q comes back divided by sqrt(d_k) instead of equal to X @ W_Q (K and V are right).
FIX: Return `Q = X @ W_Q` unscaled; the scaling belongs to exercise 04.
"""
from __future__ import annotations

import math

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    d_k = W_Q.shape[-1]
    Q = (X @ W_Q) / math.sqrt(d_k)
    K = X @ W_K
    V = X @ W_V
    return Q, K, V
