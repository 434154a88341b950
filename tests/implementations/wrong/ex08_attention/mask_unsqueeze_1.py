"""Unsqueezes the mask at dim 1 (the Annotated Transformer's [batch, 1, n_k] convention).

Caught by: the cases with a mask.

Cause: mask_unsqueeze_1
"""
import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask.unsqueeze(1) == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
