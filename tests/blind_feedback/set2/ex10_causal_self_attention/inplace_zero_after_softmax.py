"""MISTAKE: After the softmax the future weights are zeroed again with the in-place weights.masked_fill_, which overwrites the softmax output autograd needs, so backward() raises a RuntimeError (the forward values are right).
FIX: Drop the in-place masked_fill_ (the -inf before the softmax already gives exact zeros), or use the out-of-place masked_fill.

Cause: in_place_autograd
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights.masked_fill_(~mask, 0.0)
    return weights @ V, weights
