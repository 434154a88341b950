"""Applies the causal mask to the weights after the softmax (no renormalisation).

Exposed by: Rows do not sum to 1; outputs differ.

Cause: attn_mask_after_softmax
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    weights = torch.softmax(scores, dim=-1).masked_fill(mask == 0, 0.0)
    return weights @ V, weights
