"""MISTAKE: It uses torch.nn.functional.linear as nn.Linear does, which computes X @ W.T for a weight stored as [out, in]; with these [d_model, d_k] matrices that raises unless d_k == d_model and gives X @ W.T (the wrong projection) when the matrices are square.
FIX: Multiply by the matrices as given: Q = X @ W_Q, K = X @ W_K, V = X @ W_V.
"""

from __future__ import annotations

import torch
import torch.nn.functional as F


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = F.linear(X, W_Q)
    K = F.linear(X, W_K)
    V = F.linear(X, W_V)
    return Q, K, V
