"""MISTAKE: uses torch.mm, which only accepts 2-D matrices, so any batched X fails.
FIX: use `@` / `torch.matmul`, which broadcasts over leading batch dimensions.

Correct for X [n, d_model]; raises for X [B, n, d_model] and [B1, B2, n, d_model].

Cause: two_d_only
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = torch.mm(X, W_Q)
    K = torch.mm(X, W_K)
    V = torch.mm(X, W_V)
    return Q, K, V
