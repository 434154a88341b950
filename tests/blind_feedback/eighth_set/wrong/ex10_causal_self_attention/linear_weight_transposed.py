"""MISTAKE: the projections are written X @ W_Q.T as for nn.Linear weights stored [out, in], but these matrices are [d_model, d_k] in row convention, so the projections are wrong for square matrices and fail to multiply when d_k != d_model.
FIX: Project with X @ W_Q, X @ W_K, X @ W_V (no transpose).
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
    Q, K, V = X @ W_Q.T, X @ W_K.T, X @ W_V.T
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
