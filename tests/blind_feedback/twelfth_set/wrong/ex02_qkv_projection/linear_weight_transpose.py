"""MISTAKE: Uses the nn.Linear convention X @ W.T, as if the matrices were stored [out, in], although here they are [d_model, d_k]. It raises a shape error whenever d_model != d_k (or d_v), and gives wrong numbers when the matrices happen to be square.
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
    # same as a bias-free nn.Linear: y = x W^T
    Q = X @ W_Q.transpose(-2, -1)
    K = X @ W_K.transpose(-2, -1)
    V = X @ W_V.transpose(-2, -1)
    return Q, K, V
