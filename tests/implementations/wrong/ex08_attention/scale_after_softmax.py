"""Divides the weights by sqrt(d_k) after the softmax instead of the scores before it.

Caught by: every case (the weights no longer sum to 1).

Cause: attn_scale_after_softmax
"""
import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1) / math.sqrt(Q.size(-1))
    return weights @ V, weights
