"""MISTAKE: flattens with X.view(-1, d_model): raises for a non-contiguous X (e.g. a transposed or sliced input)
FIX: Flatten with `X.reshape(-1, d_model)` (or use `X @ W` directly, which needs no flattening).

Cause: view_of_input
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Project the input sequence into queries, keys and values.

    Returns (Q, K, V) with shapes [..., n, d_k], [..., n, d_k], [..., n, d_v].
    """
    lead = X.shape[:-1]
    flat = X.view(-1, X.shape[-1])          # [N, d_model]
    Q = (flat @ W_Q).view(*lead, W_Q.shape[-1])
    K = (flat @ W_K).view(*lead, W_K.shape[-1])
    V = (flat @ W_V).view(*lead, W_V.shape[-1])
    return Q, K, V
