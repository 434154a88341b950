"""Returns (weights, output) instead of (output, weights).

Caught by: any case with n_k != d_v (shapes swap), and the values otherwise.

Cause: attn_pair_swapped
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights, weights @ V
