"""MISTAKE: It reads the sequence length as X.shape[1], which assumes exactly one batch dimension [B, n, d], so unbatched [n, d_model] input (gives d_model) or input with two batch dims (gives n_heads or similar) builds a mask of the wrong size.
FIX: Read the length from the positions axis counted from the end: n = X.size(-2).
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
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
