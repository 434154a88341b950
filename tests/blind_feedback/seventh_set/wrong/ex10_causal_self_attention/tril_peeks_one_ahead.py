"""MISTAKE: It builds the mask with torch.tril(..., diagonal=1), an off-by-one that lets every position also attend to the next token, so the model can read the answer it should predict.
FIX: Use the default diagonal=0: torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device)).
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
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device), diagonal=1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
