"""MISTAKE: treats the matrices like nn.Linear weights ([out, in]) and multiplies by W.T; this raises unless the projection is square, and for square matrices it silently gives X @ W.T instead of X @ W.
FIX: multiply by the matrices as given: X @ W_Q, X @ W_K, X @ W_V.
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
