"""MISTAKE: the mask is built like nn.Transformer.generate_square_subsequent_mask (triu with diagonal=1, True = future) but then used with the True = may-attend rule masked_fill(mask == 0, -inf), so the past and the diagonal are blocked, the future is attended and the last row becomes all -inf (NaN).
FIX: Either build the mask with torch.tril (True = may attend) or fill where the triu mask is True; do not mix the two conventions.
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
