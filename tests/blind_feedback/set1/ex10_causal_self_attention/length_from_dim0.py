"""MISTAKE: reads the sequence length as X.shape[0], which is the batch size for batched inputs.
FIX: use the second-to-last dimension: `n = X.size(-2)`.

Correct for unbatched X [n, d_model]; with a batch of B != n it raises a broadcasting
error, and with B = 1 the 1 x 1 mask blocks nothing, so every position sees the future.

Cause: ex10_n_from_batch
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    n = X.shape[0]
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
