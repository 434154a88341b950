"""Fills blocked scores with 0 instead of -inf.

Exposed by: Future tokens still get weight exp(0)/sum: no-future-leak property fails.

Cause: attn_zero_fill
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
    scores = scores.masked_fill(mask == 0, 0.0)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
