"""MISTAKE: blocked scores are filled with -1e9 (Annotated Transformer style) instead of -inf, which cannot be represented in float16, so masked_fill raises an overflow error for half-precision X.
FIX: Fill with float("-inf"), which every floating dtype can hold.
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    n = X.size(-2)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = torch.matmul(Q, K.transpose(-2, -1)) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, -1e9)
    weights = torch.softmax(scores, dim=-1)
    return torch.matmul(weights, V), weights
