"""MISTAKE: Uses the nn.Linear weight convention X @ W.T, but here the matrices are stored [d_model, d_k] and must multiply X directly; it crashes when d_k != d_model and is silently wrong when they are equal.
FIX: Multiply without transposing: Q = X @ W_Q, K = X @ W_K, V = X @ W_V.
"""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = X @ W_Q.T
    K = X @ W_K.T
    V = X @ W_V.T
    return Q, K, V
