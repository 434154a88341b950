"""MISTAKE: project_qkv computes W.T @ X.T (column-vector convention) and forgets to transpose back, returning [..., d_k, n] instead of [..., n, d_k].
FIX: Use X @ W, or transpose the result's last two dims back.
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
    Q = W_Q.transpose(0, 1) @ Xt
    K = W_K.transpose(0, 1) @ Xt
    V = W_V.transpose(0, 1) @ Xt
    return Q, K, V
