"""einsum projections and products, with masked_fill(mask == 0, torch.finfo(scores.dtype).min):
the most negative finite number of the scores' own dtype, so float16 works too.
"""

import math

import torch


def _attend(Q, K, V, mask):
    scores = torch.einsum("...qd,...kd->...qk", Q, K) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, torch.finfo(scores.dtype).min)
    weights = torch.softmax(scores, dim=-1)
    return torch.einsum("...qk,...kv->...qv", weights, V), weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    Q = torch.einsum("...nd,dk->...nk", X, W_Q)
    K = torch.einsum("...nd,dk->...nk", X, W_K)
    V = torch.einsum("...nd,dv->...nv", X, W_V)
    return _attend(Q, K, V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    Q = torch.einsum("...nd,dk->...nk", X_dec, W_Q)
    K = torch.einsum("...nd,dk->...nk", X_enc, W_K)
    V = torch.einsum("...nd,dv->...nv", X_enc, W_V)
    return _attend(Q, K, V, mask)
