"""MISTAKE: the causal mask is built with torch.tril(torch.ones(n, n)).bool() without a device, so it always lives on the CPU and masked_fill raises a device mismatch for X on CUDA (or meta).
FIX: Create the mask on X.device: torch.ones(n, n, dtype=torch.bool, device=X.device).
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n)).bool()
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
