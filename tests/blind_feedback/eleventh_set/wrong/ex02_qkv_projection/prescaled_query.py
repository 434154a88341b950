"""MISTAKE: folds the attention scaling into the projection and returns Q divided by sqrt(d_k), so Q is too small by that factor (K and V are right).
FIX: return Q = X @ W_Q unscaled; the scaling belongs to exercise 04.
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
