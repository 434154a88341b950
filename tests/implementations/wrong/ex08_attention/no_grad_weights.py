"""Computes the weights under torch.no_grad().

Exposed by: Gradient w.r.t. Q and K is missing.

Cause: no_grad_line
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    with torch.no_grad():
        scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
        if mask is not None:
            scores = scores.masked_fill(mask == 0, float("-inf"))
        weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
