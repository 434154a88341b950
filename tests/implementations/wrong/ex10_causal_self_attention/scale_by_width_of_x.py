"""Scales the scores by √d_model (the width of X) instead of √d_k (the width of Q).

Caught by: every case where d_model differs from d_k.

Cause: attn_scale_d_model
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(X.size(-1))
    allowed = torch.ones(n, n, dtype=torch.bool, device=X.device).tril()
    weights = torch.softmax(scores.masked_fill(~allowed, float("-inf")), dim=-1)
    return weights @ V, weights
