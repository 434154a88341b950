"""MISTAKE: Returns K already transposed to [..., d_k, n] "so the next step can do Q @ K", but the contract asks for K as [..., n, d_k].
FIX: Return K = X @ W_K untransposed; transpose it only when computing the scores.
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
    K = (X @ W_K).transpose(-2, -1)
    V = X @ W_V
    return Q, K, V
