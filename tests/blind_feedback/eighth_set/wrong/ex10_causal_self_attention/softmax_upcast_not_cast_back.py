"""MISTAKE: the softmax is computed on scores.float() for stability (as in HuggingFace) and V is upcast to match instead of casting the weights back, so any non-float32 input (float64, float16, bfloat16) returns float32 output and weights, and float64 loses precision.
FIX: Cast the weights back with torch.softmax(scores.float(), dim=-1).to(X.dtype) and multiply them with V unchanged.
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores.float(), dim=-1)
    return weights @ V.float(), weights
