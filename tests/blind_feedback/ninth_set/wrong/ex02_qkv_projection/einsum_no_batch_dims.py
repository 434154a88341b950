"""MISTAKE: The einsum subscripts "nd,dk->nk" name exactly two dimensions for X, so it works for one sentence [n, d_model] but raises for any batched input [..., n, d_model].
FIX: Use an ellipsis, "...nd,dk->...nk", or plain `X @ W`.
"""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = torch.einsum("nd,dk->nk", X, W_Q)
    K = torch.einsum("nd,dk->nk", X, W_K)
    V = torch.einsum("nd,dk->nk", X, W_V)
    return Q, K, V
