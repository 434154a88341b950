"""Writes the softmax by hand as exp(s) / sum without subtracting the max.

Caught by: large scores (in the thousands): exp overflows to inf and inf / inf is NaN,
where and as the unshifted softmax gives it (the attention exercises try it since blind set
5's `unshifted_exp_softmax`, before the general NaN cause).

Cause: softmax_no_shift
"""
import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    exps = torch.exp(scores)
    weights = exps / exps.sum(dim=-1, keepdim=True)
    return weights @ V, weights
