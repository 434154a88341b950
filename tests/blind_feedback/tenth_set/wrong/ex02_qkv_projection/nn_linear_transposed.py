"""MISTAKE: Uses torch.nn.functional.linear, which computes X @ W.T (nn.Linear stores weights as [out, in]), so with W given as [d_model, d_k] the projection is transposed: it fails when d_model != d_k and gives wrong values when they are equal.
FIX: Multiply by the matrices as given: Q = X @ W_Q, K = X @ W_K, V = X @ W_V.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = F.linear(X, W_Q)
    K = F.linear(X, W_K)
    V = F.linear(X, W_V)
    return Q, K, V
