"""Correct: blocks with torch.finfo(scores.dtype).min, the most negative finite number of
the scores' own dtype (so float16 works too), instead of -inf."""
import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, torch.finfo(scores.dtype).min)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
