"""MISTAKE: adds log(mask) of a float32 0/1 mask to the scores, which silently promotes float16 scores to float32, so half-precision inputs break.
FIX: keep the mask boolean and use `scores.masked_fill(~mask, float("-inf"))` (or build the additive mask in scores.dtype).

Values are right (log 0 = -inf, log 1 = 0) and float32/float64 pass; only float16 shows
it: the weights become float32 and the product with the float16 V raises a dtype
mismatch.

Cause: made_float32
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
    mask = torch.tril(torch.ones(n, n, device=X.device))
    scores = scores + torch.log(mask)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
