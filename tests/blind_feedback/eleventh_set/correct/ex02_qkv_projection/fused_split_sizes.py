"""CORRECT: one fused matmul against the concatenated [W_Q | W_K | W_V], split back with the exact sizes [d_k, d_k, d_v]."""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    sizes = [W_Q.shape[-1], W_K.shape[-1], W_V.shape[-1]]
    QKV = X @ torch.cat([W_Q, W_K, W_V], dim=-1)
    Q, K, V = torch.split(QKV, sizes, dim=-1)
    return Q, K, V
