"""MISTAKE: stacks W_Q, W_K, W_V into one tensor for a single matmul: only works when d_k == d_v, raises otherwise
FIX: Three products X @ W_Q, X @ W_K, X @ W_V, or cat the weights along dim -1 and split at [d_k, d_k, d_v].

Cause: ex02_stacked_weights
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
    W = torch.stack([W_Q, W_K, W_V])          # [3, d_model, d]
    out = X.unsqueeze(-3) @ W                 # [..., 3, n, d]
    Q, K, V = out.unbind(-3)
    return Q, K, V
