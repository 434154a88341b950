"""MISTAKE: The softmax is computed with dtype=torch.float32 "for stability" and never cast back, so for float16 or float64 inputs the weights come back float32 and the matmul with V (still float16/float64) raises a dtype mismatch.
FIX: After a float32 softmax cast the weights back with .to(X.dtype) (or just call torch.softmax without dtype).
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
    weights = torch.softmax(scores, dim=-1, dtype=torch.float32)
    return weights @ V, weights
