"""MISTAKE: Takes the sequence length as X.shape[1] (assuming a [batch, n, d_model] input), which is d_model for an unbatched input and the second batch size for a 4-D input, so the mask has the wrong size there.
FIX: The sequence length is always the second-to-last dimension: n = X.size(-2).
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
    n = X.shape[1]
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
