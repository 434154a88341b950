"""MISTAKE: The weights are cut to the lower triangle after the softmax, without renormalising, so rows no longer sum to 1.
FIX: Mask the scores with -inf before the softmax instead.
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
    weights = torch.softmax(scores, dim=-1).tril()
    return weights @ V, weights
