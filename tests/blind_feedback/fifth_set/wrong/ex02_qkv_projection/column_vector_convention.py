"""MISTAKE: Follows the column-vector textbook convention Q = W_Qᵀ Xᵀ, which returns the transposed projections [..., d_k, n] (features by tokens) instead of [..., n, d_k].
FIX: With one token per row, the projection is X @ W_Q, giving [..., n, d_k].
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Xt = X.transpose(-2, -1)
    Q = W_Q.T @ Xt
    K = W_K.T @ Xt
    V = W_V.T @ Xt
    return Q, K, V
