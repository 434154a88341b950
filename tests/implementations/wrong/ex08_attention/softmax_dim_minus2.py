"""Takes the softmax over dim -2 (over the queries) instead of over the keys.

Caught by: any case with n_q > 1 (the rows of the weights do not sum to 1).

Cause: attn_softmax_queries
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-2)
    return weights @ V, weights
