"""CORRECT: Concatenates W_Q, W_K and W_V into one [d_model, 2*d_k + d_v] matrix, does a single product and splits it with the exact widths [d_k, d_k, d_v]."""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    widths = [W_Q.shape[-1], W_K.shape[-1], W_V.shape[-1]]
    QKV = torch.matmul(X, torch.cat((W_Q, W_K, W_V), dim=-1))
    Q, K, V = torch.split(QKV, widths, dim=-1)
    return Q, K, V
