"""MISTAKE: The full softmax is computed first, then the future weights are zeroed and each row is divided by its remaining sum; this is algebraically the masked softmax, but when a future score dominates, the past weights underflow (easily in float16) and the row is lost or becomes 0/0 = NaN, and the past weights lose precision.
FIX: Mask before the softmax: set future scores to -inf, then softmax, so the allowed weights are computed from the allowed scores only.
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
    weights = weights / weights.sum(dim=-1, keepdim=True)
    return weights @ V, weights
