"""MISTAKE: cross_attention always adds a causal (lower-triangular) mask, as if it were a decoder self-attention; target position i then cannot see source words after position i, although the whole source sentence is known and no mask is needed by default.
FIX: Use no mask unless one is passed, and then apply exactly the mask given.
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


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
    n_dec, n_enc = Q.size(-2), K.size(-2)
    causal = torch.tril(torch.ones(n_dec, n_enc, dtype=torch.bool, device=X_dec.device))
    if mask is not None:
        causal = causal & (mask != 0)
    return _attention(Q, K, V, causal)
