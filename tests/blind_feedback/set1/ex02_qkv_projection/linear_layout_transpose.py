"""MISTAKE: multiplies by the transposed weights (X @ W.T, the nn.Linear [out, in] habit) although the weights are given as [d_model, d_k].
FIX: use `X @ W_Q`, `X @ W_K`, `X @ W_V` with no transpose.

Raises a shape error whenever d_k (or d_v) differs from d_model; with square weights it
silently returns the wrong numbers.

Cause: ex02_transposed
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
