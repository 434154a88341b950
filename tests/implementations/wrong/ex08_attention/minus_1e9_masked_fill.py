"""Fills blocked scores with -1e9 via masked_fill: right in float32 and float64, but -1e9 does not fit in float16, so masked_fill raises there (the lesson's -inf, or torch.finfo(dtype).min, works in every dtype).

Caught by: the float16 case.

Cause: float16_fill
"""

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = torch.matmul(Q, K.transpose(-2, -1)) / d_k ** 0.5
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    weights = torch.nn.functional.softmax(scores, dim=-1)
    return torch.matmul(weights, V), weights
