"""Returns only the output, not the pair (output, weights).

Caught by: any case (the contract wants a tuple of two).

Cause: not_a_tuple
"""
import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V
