"""MISTAKE: masked_fill fills where its mask is True, but it is given the tril mask itself (True = may attend), so the allowed past and diagonal become -inf while the future stays open; the last row is entirely -inf and turns into NaN.
FIX: Fill where the mask blocks: scores.masked_fill(mask == 0, float("-inf")) (or ~mask).
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
    n = X.size(-2)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
