"""MISTAKE: Applies torch.tril to the score matrix itself, which sets the future scores to 0 rather than -inf; exp(0) is a real share, so every position still attends to later tokens and the output leaks the future.
FIX: Replace the blocked scores by -inf (masked_fill with a bool lower-triangular mask) before the softmax.
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = torch.tril(scores)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
