"""MISTAKE: flattens the batch dimensions into rows to do a 2-D matmul, but never reshapes the result back.
FIX: reshape each product back to `X.shape[:-1] + (W.shape[-1],)` (or skip the flattening and use `X @ W`).

Correct for X [n, d_model]; for X [B, n, d_model] it returns [B*n, d_k] instead of
[B, n, d_k].

Cause: flattened_batch
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    d_model = X.shape[-1]
    rows = X.reshape(-1, d_model)
    Q = rows @ W_Q
    K = rows @ W_K
    V = rows @ W_V
    return Q, K, V
