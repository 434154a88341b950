"""Applies the softmax twice (a softmax of the weights).

Caught by: every case.

Cause: attn_softmax_twice
"""
import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(torch.softmax(scores, dim=-1), dim=-1)
    return weights @ V, weights
