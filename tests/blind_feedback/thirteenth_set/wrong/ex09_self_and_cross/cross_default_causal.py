"""MISTAKE: When no mask is given, cross_attention builds a causal (lower-triangular) n_dec x n_enc mask by itself, so decoder position i cannot see source words after i although the whole source is known.
FIX: With mask=None apply no mask at all in cross-attention; only use the mask the caller passes.
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
    if mask is None:
        n_dec, n_enc = X_dec.size(-2), X_enc.size(-2)
        mask = torch.tril(torch.ones(n_dec, n_enc, dtype=torch.bool, device=X_dec.device))
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
