"""MISTAKE: Takes the softmax over all positions and only then zeroes the weights above the diagonal, so nothing leaks from the future but each row (except the last) sums to less than 1 and the outputs are shrunk.
FIX: Set the blocked scores to -inf before the softmax, so the allowed weights renormalise to 1.
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
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    weights = torch.softmax(scores, dim=-1)
    weights = weights.masked_fill(~mask, 0.0)
    return weights @ V, weights
