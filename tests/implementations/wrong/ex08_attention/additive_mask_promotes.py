"""Adds (1 - mask) * -1e9 without casting a float mask to the scores dtype, so a float64 mask promotes float32 to float64.

Caught by: a float64 0/1 mask on float32 Q, K, V (the weights are promoted to float64 and
weights @ V then fails with a dtype mismatch); bool masks and float32 masks pass.

Cause: dtype_mix
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        if mask.dtype == torch.bool:
            mask = mask.to(scores.dtype)
        scores = scores + (1 - mask) * -1e9
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
