"""MISTAKE: The softmax is taken over the unmasked scores and the future weights are zeroed and the rows renormalised afterwards; future scores still enter the softmax's max and sum, so earlier outputs change (in rounding) when a later token changes, and a row turns into 0/0 = NaN when a future score is far larger than the allowed ones.
FIX: Set the blocked scores to -inf before the softmax and drop the renormalisation.

Cause: attn_masked_after_softmax_line
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    weights = torch.softmax(scores, dim=-1)
    weights = weights.masked_fill(mask == 0, 0.0)
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V, weights
