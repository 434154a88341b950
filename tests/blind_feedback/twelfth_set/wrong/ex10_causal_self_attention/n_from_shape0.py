"""MISTAKE: The sequence length is taken as X.shape[0], which is n only for an unbatched [n, d_model] X; with a batch dimension the mask is [b, b], which fails to broadcast (unless b == n), and for b == 1 it is a single True that masks nothing.
FIX: Read n from the positions axis, n = X.size(-2).
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
    n = X.shape[0]  # number of tokens
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
