"""Blocks the positions where the mask is True (may attend) instead of where it is False.

Caught by: any masked case (the allowed positions get weight 0; a causal mask leaves the last row fully blocked, giving NaN).

Cause: attn_mask_inverted
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask != 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
