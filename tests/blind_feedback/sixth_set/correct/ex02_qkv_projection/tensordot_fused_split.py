"""CORRECT: the three matrices are concatenated, applied once with torch.tensordot over X's last axis, and the result is split at the exact widths [d_k, d_k, d_v].
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    d_k, d_v = W_Q.shape[-1], W_V.shape[-1]
    W = torch.cat((W_Q, W_K, W_V), dim=1)
    qkv = torch.tensordot(X, W, dims=([X.dim() - 1], [0]))
    Q, K, V = torch.split(qkv, [d_k, d_k, d_v], dim=-1)
    return Q, K, V
