"""MISTAKE: d_k is read as W_Q.shape[0], which is d_model (the rows of W_Q), not d_k; the scaling is wrong whenever the projection changes the width (d_k != d_model).
FIX: d_k is W_Q.shape[1] (or Q.size(-1)).
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
    d_k = W_Q.shape[0]
    n = X.size(-2)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
