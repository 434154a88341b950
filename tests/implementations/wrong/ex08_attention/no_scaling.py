"""Forgets to divide the scores by sqrt(d_k).

Caught by: any case with d_k > 1 (the weights are too sharp).

Cause: attn_no_scale
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
