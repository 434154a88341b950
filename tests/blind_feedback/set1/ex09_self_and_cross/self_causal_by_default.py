"""MISTAKE: self_attention always adds a causal mask, as if every self-attention were a decoder's.
FIX: apply only the mask that is passed in; with mask=None every token sees the whole sequence.

Any self-attention call with n > 1 shows it: the weights are lower-triangular when they
should not be.

Cause: ex09_causal_in_self
"""

from __future__ import annotations

import math

import torch


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    n = X.size(-2)
    causal = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(~causal, float("-inf"))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_enc @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
