"""MISTAKE: self_attention treats self-attention as GPT attention and always applies a causal mask, so with mask=None (or a padding mask) every token is wrongly blocked from attending to later tokens.
FIX: Apply only the mask that was passed in; self-attention is bidirectional unless a mask says otherwise.
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

def self_attention(X, W_Q, W_K, W_V, mask=None):
    n = X.size(-2)
    causal = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    if mask is not None:
        causal = causal & (mask != 0)
    return _attention(X @ W_Q, X @ W_K, X @ W_V, causal)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
