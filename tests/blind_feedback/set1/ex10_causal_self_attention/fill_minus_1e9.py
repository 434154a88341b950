"""MISTAKE: fills the blocked scores with -1e9, a value float16 cannot hold, so half-precision inputs raise.
FIX: fill with `float("-inf")` (or `torch.finfo(scores.dtype).min`).

float32 and float64 give the right result; a float16 X raises "value cannot be converted
to type at::Half without overflow".

Cause: float16_fill
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
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, -1e9)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
