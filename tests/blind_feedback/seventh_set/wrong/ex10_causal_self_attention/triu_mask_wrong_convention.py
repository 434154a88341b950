"""MISTAKE: It builds the nanoGPT-style upper mask torch.triu(ones, diagonal=1) (True = future) but then fills where mask == 0 as for a True = allowed mask, so it blocks the past and the diagonal and lets every position see only the future (the last row is all -inf, giving NaN).
FIX: Either fill where the triu mask is True, or build the allowed-mask with torch.tril(ones) and fill where it is 0.
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
    mask = torch.triu(torch.ones(n, n, dtype=torch.bool, device=X.device), diagonal=1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
