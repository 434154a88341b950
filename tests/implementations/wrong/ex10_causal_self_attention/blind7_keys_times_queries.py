"""It computes the scores as K @ Q^T instead of Q @ K^T, so entry [i, j] scores key i against query j (the transpose) and the causal mask then keeps the wrong pairs.

FIX: Put the queries on the left: scores = Q @ K.transpose(-2, -1) / sqrt(d_k).

Caught by: blind set 7.

Cause: attn_scores_k_q|proj_q_k_swapped
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
    scores = K @ Q.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
