"""MISTAKE: cross_attention detaches X_enc ('the encoder output is fixed'), so no gradient flows back to the encoder states. Caught by the cross_attention gradient case.
FIX: Use X_enc as it is: the decoder's loss trains the encoder through cross-attention.

Cause: detach_line
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
    """Self-attention: Q, K and V are all projected from the same sequence X."""
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    return _attention(Q, K, V, mask)


def cross_attention(
    X_dec: torch.Tensor,
    X_enc: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Cross-attention: queries from the decoder, keys and values from the encoder."""
    enc = X_enc.detach()          # encoder output is a constant for the decoder
    Q = X_dec @ W_Q
    K = enc @ W_K
    V = enc @ W_V
    return _attention(Q, K, V, mask)
