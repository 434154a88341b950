"""MISTAKE: Adds the log of a float32 0/1 causal matrix to the scores (log 1 = 0, log 0 = -inf); the pattern is right, but the float32 mask promotes float16 scores to float32, so for half-precision X the weights come out float32 and weights @ V fails on a dtype mismatch.
FIX: Use a bool mask with masked_fill(~mask, float("-inf")), which keeps the scores' dtype.
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
    log_mask = torch.log(torch.tril(torch.ones(n, n, device=X.device)))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1)) + log_mask
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
