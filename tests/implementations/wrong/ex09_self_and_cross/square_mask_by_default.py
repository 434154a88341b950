"""With no mask given, the shared helper makes one that allows everything, square from the
queries' count: [n_q, n_q]. Self-attention does not notice; cross-attention's scores are
[n_dec, n_enc].

Caught by: cross-attention with 3 decoder and 5 encoder tokens (the square mask does not
broadcast to the scores: the same error a [n_q, n_q] mask raises on those inputs).

Cause: ex09_square_default_mask
"""

import math

import torch


def _attend(Q, K, V, mask=None):
    if mask is None:
        mask = torch.ones(Q.shape[-2], Q.shape[-2], dtype=torch.bool, device=Q.device)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.shape[-1])
    weights = torch.softmax(torch.where(mask != 0, scores, float("-inf")), dim=-1)
    return weights @ V, weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attend(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attend(X_dec @ W_Q, X_enc @ W_K, X_enc @ W_V, mask)
