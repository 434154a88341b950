"""MISTAKE: It flattens all leading dimensions into one ([..., n, d_model] -> [B*n, d_model]) before multiplying but never reshapes back, so batched inputs return [B*n, d_k] instead of [..., n, d_k] (2-D inputs happen to be right).
FIX: Reshape each result back to `X.shape[:-1] + (width,)`, or skip the flattening since `@` already handles leading dims.
"""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    X2 = X.reshape(-1, X.shape[-1])
    Q = X2 @ W_Q
    K = X2 @ W_K
    V = X2 @ W_V
    return Q, K, V
