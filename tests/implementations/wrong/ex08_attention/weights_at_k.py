"""Blends the key rows instead of the value rows: weights @ K.

Caught by: d_k != d_v (a wrong shape), and d_k == d_v (wrong values).

Cause: attn_weights_at_k
"""
import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ K, weights
