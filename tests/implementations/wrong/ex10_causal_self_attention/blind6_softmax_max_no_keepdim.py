"""the hand-written stable softmax subtracts scores.max(dim=-1).values without keepdim, so for unbatched [n, n] scores it silently broadcasts as a per-column shift instead of a per-row one (wrong weights) and for batched scores it raises or shifts by the wrong rows.

FIX: Use keepdim=True for the max and for the sum (or torch.softmax(scores, dim=-1)).

Caught by: blind set 6.

Cause: softmax_shift_no_keepdim
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    n = X.size(-2)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(~mask, float("-inf"))
    e = torch.exp(scores - scores.max(dim=-1).values)
    weights = e / e.sum(dim=-1, keepdim=True)
    return weights @ V, weights
