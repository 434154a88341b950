"""Mixes V with the scores instead of the softmax weights (the output skips the normalisation).

Caught by: any case (the output is wrong; the returned weights are right).

Cause: attn_scores_times_v
"""

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return scores @ V, weights
