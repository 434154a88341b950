"""MISTAKE: Blocked scores are set to 0 instead of -inf; exp(0) = 1 is a real share, so the future tokens still get weight (above the diagonal is not 0) and leak into the output.
FIX: Fill the blocked scores with float("-inf") so their weight after the softmax is exactly 0.
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
    scores = scores.masked_fill(mask == 0, 0.0)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
