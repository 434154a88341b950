"""MISTAKE: cross_attention always adds a causal tril mask over the decoder x encoder scores, so a target position cannot read source words beyond its own index although the whole source is known.
FIX: Apply no causal mask in cross-attention; use only the mask that is passed in.
"""

from __future__ import annotations

import math

import torch


def _attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
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
    n_dec, n_enc = X_dec.size(-2), X_enc.size(-2)
    causal = torch.tril(torch.ones(n_dec, n_enc, dtype=torch.bool, device=X_dec.device))
    if mask is not None:
        causal = causal & (mask != 0)
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, causal)
