"""Scales by sqrt(d_v), the width of V, instead of sqrt(d_k).

Caught by: d_k != d_v.

Cause: attn_scale_d_v
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_v = V.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_v)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
