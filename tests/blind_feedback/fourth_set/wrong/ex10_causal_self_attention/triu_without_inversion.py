"""MISTAKE: Copies the Annotated Transformer's subsequent_mask (triu with diagonal=1, which marks the future) but drops its == 0, so with masked_fill(mask == 0) it blocks the past and the diagonal and keeps only the future; the last row becomes all -inf.
FIX: Either invert it (torch.triu(..., diagonal=1) == 0) or build the allowed set directly with torch.tril.
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
    n = X.size(-2)
    mask = torch.triu(torch.ones(n, n, device=X.device), diagonal=1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
