"""MISTAKE: Uses the nn.Linear convention (weight stored as [out, in]) and computes X @ W.T; with the contract's [d_model, d_k] matrices this fails when d_model != d_k and gives wrong values when the matrices are square.
FIX: Multiply by the matrices as given: Q = X @ W_Q, K = X @ W_K, V = X @ W_V.
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
