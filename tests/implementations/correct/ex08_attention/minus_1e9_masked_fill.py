"""Masks with masked_fill(mask == 0, -1e9) instead of -inf (allowed in 08); d_k ** 0.5 for the scale.

masked_fill keeps the scores' dtype whatever the mask's dtype, and exp(-1e9 - max)
underflows to exactly 0, so blocked weights are exactly 0.
"""

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = torch.matmul(Q, K.transpose(-2, -1)) / d_k ** 0.5
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    weights = torch.nn.functional.softmax(scores, dim=-1)
    return torch.matmul(weights, V), weights
