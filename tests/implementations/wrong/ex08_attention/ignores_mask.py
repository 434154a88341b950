"""Accepts the mask argument but never applies it.

Caught by: any case with a mask that blocks something.

Cause: attn_mask_ignored
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
