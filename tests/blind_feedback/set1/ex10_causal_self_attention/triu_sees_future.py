"""MISTAKE: builds the mask with torch.triu instead of torch.tril, so each position attends to itself and the FUTURE and never to the past.
FIX: `torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))`: True on and below the diagonal.

Any n > 1 shows it: weights are upper-triangular and changing the last token changes
every earlier output.

Cause: ex10_triu
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
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    n = X.size(-2)
    mask = torch.triu(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
