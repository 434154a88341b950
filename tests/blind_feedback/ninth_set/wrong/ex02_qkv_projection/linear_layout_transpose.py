"""MISTAKE: Following nn.Linear's [out, in] weight layout, it multiplies by the transposed matrices (X @ W.T); with W stored as [d_model, d_k] this fails unless d_model == d_k, and when they are equal it silently gives the wrong projections.
FIX: Multiply by the matrices as given: `X @ W_Q`, `X @ W_K`, `X @ W_V`.
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
