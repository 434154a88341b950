"""cross_attention always applies a causal mask, although the decoder may see the whole source sentence.

Caught by: any cross_attention case with n_dec > 1 (early decoder positions lose most encoder positions).

Cause: ex09_causal_in_cross
"""

import math

import torch


def _attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    return _attention(Q, K, V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_enc @ W_V
    causal = torch.ones(Q.size(-2), K.size(-2), dtype=torch.bool, device=Q.device).tril()
    if mask is not None:
        causal = causal & (mask != 0)
    return _attention(Q, K, V, causal)
