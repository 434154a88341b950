"""Scales by sqrt(K.size(-2)), the number of keys, instead of sqrt(d_k), the key width.

Caught by: n_k != d_k.

Cause: attn_scale_n_k
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    n_k = K.size(-2)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(n_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
