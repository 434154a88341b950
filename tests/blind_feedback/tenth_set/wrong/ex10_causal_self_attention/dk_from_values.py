"""MISTAKE: The scale is taken from the values' width, V.size(-1) (d_v), instead of the queries' width d_k, so the scores are mis-scaled whenever d_v != d_k.
FIX: Divide by math.sqrt(Q.size(-1)) (or W_Q.shape[-1]).
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
    n = X.size(-2)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    d = V.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
