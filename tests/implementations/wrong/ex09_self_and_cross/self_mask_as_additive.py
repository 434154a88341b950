"""self_attention adds the 0/1 mask to the scores (+1 where allowed) instead of blocking with -inf.

Caught by: any self_attention case with a mask that blocks something (blocked positions keep
a positive weight).

Cause: attn_mask_added
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores + mask.to(scores.dtype)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    Q = X_dec @ W_Q
    K = X_enc @ W_K
    V = X_enc @ W_V
    return _attention(Q, K, V, mask)
