"""MISTAKE: Copies the nn.Linear convention (weight stored as [out, in], y = x @ W.T) and multiplies by the transposed matrices; with the exercise's [d_model, d_k] layout this fails when d_model != d_k and gives wrong projections when the matrices are square.
FIX: The weights are already [d_model, d_out], so multiply X @ W without transposing.
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
