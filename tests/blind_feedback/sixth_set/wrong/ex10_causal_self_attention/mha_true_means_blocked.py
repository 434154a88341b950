"""MISTAKE: the kit-style mask (True = may attend) is combined with nn.MultiheadAttention habits, masked_fill(mask, -inf) where True means blocked, so the past is blocked and the future kept, and the last row is fully blocked and becomes NaN.
FIX: Fill where the mask is False: scores.masked_fill(~mask, float("-inf")) (or mask == 0).
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    n = X.size(-2)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    attn_mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(attn_mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
