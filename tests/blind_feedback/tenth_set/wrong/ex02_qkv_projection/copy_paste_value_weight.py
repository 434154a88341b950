"""MISTAKE: Copy-paste slip: V is computed with W_K instead of W_V, so V is a copy of K (width d_k, not d_v) and the value projection is never used.
FIX: Compute V = X @ W_V.
"""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_K
    return Q, K, V
