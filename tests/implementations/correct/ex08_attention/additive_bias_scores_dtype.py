"""Additive mask bias built in the scores' dtype: 0 where allowed, -inf where blocked (as PyTorch does for bool masks).
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = Q @ K.mT / math.sqrt(Q.size(-1))
    if mask is not None:
        bias = torch.zeros(mask.shape, dtype=scores.dtype, device=scores.device)
        bias = bias.masked_fill(mask == 0, float("-inf"))
        scores = scores + bias
    weights = scores.softmax(dim=-1)
    return weights @ V, weights
