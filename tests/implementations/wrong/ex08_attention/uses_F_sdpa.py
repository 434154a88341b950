"""Computes the output with torch.nn.functional.scaled_dot_product_attention, which 08 forbids.

Caught by: forbidden call (the output and weights are otherwise right).

Cause: forbidden_call
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    attn_mask = None
    if mask is not None:
        attn_mask = mask != 0
        scores = scores.masked_fill(~attn_mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    output = torch.nn.functional.scaled_dot_product_attention(Q, K, V, attn_mask=attn_mask)
    return output, weights
