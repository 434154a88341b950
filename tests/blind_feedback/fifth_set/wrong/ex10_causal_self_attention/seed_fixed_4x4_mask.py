"""MISTAKE: Copies the lesson's n = 4 mask literally, torch.tril(torch.ones(4, 4)), instead of deriving the size from X, so any sequence whose length is not 4 fails with a shape error.
FIX: Build the mask from the input: n = X.size(-2).
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
    n = 4
    mask = torch.tril(torch.ones(n, n, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
