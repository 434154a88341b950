"""MISTAKE: Uses torch.mm, which only accepts 2-D matrices, so it works for one sentence [n, d_model] but raises for any batched X [..., n, d_model].
FIX: Use @ / torch.matmul, which broadcasts over the leading batch dimensions.
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
