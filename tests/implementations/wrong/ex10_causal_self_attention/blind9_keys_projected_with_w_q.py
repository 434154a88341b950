"""MISTAKE: A copy-paste slip projects the keys with W_Q (K = X @ W_Q), so the scores compare queries with queries and W_K is never used; the result is wrong whenever W_K differs from W_Q.
FIX: Project the keys with their own matrix: K = X @ W_K.

Cause: proj_k_by_w_q
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
    Q = X @ W_Q
    K = X @ W_Q
    V = X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
