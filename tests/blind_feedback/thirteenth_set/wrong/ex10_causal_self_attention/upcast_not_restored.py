"""MISTAKE: For numerical safety the computation is done in float32 (X.float(), W.float()), but the results are never cast back, so float16/bfloat16 inputs give float32 output and weights (and float64 inputs lose precision).
FIX: Compute in the input's dtype, or cast output and weights back with .to(X.dtype).
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
    X, W_Q, W_K, W_V = X.float(), W_Q.float(), W_K.float(), W_V.float()
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
