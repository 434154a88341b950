"""MISTAKE: Uses the torch.nn.Linear convention (weight stored as [out, in]) and computes X @ W.T; with the kit's [d_model, d_k] weights this fails on a shape error when d_model != d_k and silently gives the wrong projection when the weights are square.
FIX: The weights are already [d_model, d_k]: compute X @ W_Q, X @ W_K, X @ W_V without transposing.
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = torch.nn.functional.linear(X, W_Q)
    K = torch.nn.functional.linear(X, W_K)
    V = torch.nn.functional.linear(X, W_V)
    return Q, K, V
