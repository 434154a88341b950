"""Projections with torch.nn.functional.linear(X, W.T) and an additive -inf bias built in the scores' dtype.
"""

import math

import torch
import torch.nn.functional as F


def _attention(Q, K, V, mask=None):
    scores = torch.matmul(Q, K.transpose(-2, -1)) / math.sqrt(K.size(-1))
    if mask is not None:
        bias = torch.zeros(mask.shape, dtype=scores.dtype, device=scores.device)
        scores = scores + bias.masked_fill(mask == 0, float("-inf"))
    weights = F.softmax(scores, dim=-1)
    return torch.matmul(weights, V), weights


def self_attention(X, W_Q, W_K, W_V, mask=None):
    return _attention(F.linear(X, W_Q.T), F.linear(X, W_K.T), F.linear(X, W_V.T), mask)


def cross_attention(X_dec, X_enc, W_Q, W_K, W_V, mask=None):
    return _attention(F.linear(X_dec, W_Q.T), F.linear(X_enc, W_K.T), F.linear(X_enc, W_V.T), mask)
