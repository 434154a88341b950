"""Reads d_k as Q.shape[1], which is d_k only for 2-D Q; with a batch dimension it is n_q.

Caught by: Q with 1 or 2 leading batch dimensions where Q.shape[1] != d_k.

Cause: attn_scale_n_q
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.shape[1]
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
