"""MISTAKE: The weights are transposed as if they were nn.Linear weights of shape [out, in] (X @ W.T, as in F.linear), so with the stub's [d_model, d_k] layout the product fails when the sizes differ and uses the wrong matrix when they are equal.
FIX: The matrices are already [d_model, d_k]; use X @ W_Q, X @ W_K, X @ W_V without transposing.
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
