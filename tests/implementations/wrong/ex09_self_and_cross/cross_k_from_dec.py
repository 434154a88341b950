"""cross_attention projects K from the decoder input X_dec instead of the encoder output.

Caught by: decoder and encoder of different lengths (the product fails) and equal lengths.

Cause: ex09_k_from_dec
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
    return _attention(X @ W_Q, X @ W_K, X @ W_V, mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(X_dec @ W_Q, X_dec @ W_K, X_enc @ W_V, mask)
