"""MISTAKE: The scores are divided by √d_model (X.size(-1)) instead of √d_k (the width of Q), which is only right when the projection keeps the width.
FIX: Scale by math.sqrt(Q.size(-1)).

Cause: attn_scale_d_model
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
    K = X @ W_K
    V = X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(X.size(-1))
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
