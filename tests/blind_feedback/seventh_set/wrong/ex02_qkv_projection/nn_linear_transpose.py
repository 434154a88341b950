"""MISTAKE: It multiplies by W.T as if the weights were stored nn.Linear-style as [out, in], which raises when d_model != d_k/d_v and gives wrong projections when the matrices are square.
FIX: The weights here are [d_model, d_out]: use X @ W without transposing.
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
