"""MISTAKE: cross_attention applies a causal (lower-triangular) mask when no mask is given, as if the decoder could not see "later" source words, so decoder position i only reads source words 0..i and the weights have zeros that should not be there.
FIX: With mask=None apply no mask at all; the whole source sentence is visible.
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
