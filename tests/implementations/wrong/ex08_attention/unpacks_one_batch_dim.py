"""Assumes exactly one batch dimension: `B, n, d = Q.shape`.

Caught by: the unbatched cases and the cases with two batch dimensions.

Cause: fixed_rank_unpack
"""
import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    B, n_q, d_k = Q.shape
    scores = torch.bmm(Q, K.transpose(1, 2)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return torch.bmm(weights, V), weights
