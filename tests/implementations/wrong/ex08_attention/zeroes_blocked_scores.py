"""Multiplies the scores by the mask (blocked score 0, not -inf).

Exposed by: Any mask: blocked weights are exp(0)/sum, not 0.

Cause: attn_zero_fill
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores * (mask != 0)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
