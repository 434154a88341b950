"""causal_self_attention multiplies the scores by the 0/1 mask and blocks every score that is
then 0: an allowed score of exactly 0 is blocked too.

Caught by: the case with a token of all zeros (its scores are exactly 0). From blind set 4
(not caught by that run).

Cause: mask_from_score_values
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
    mask = torch.tril(torch.ones(n, n, dtype=X.dtype, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores * mask
    scores = scores.masked_fill(scores == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
