"""Zeroes blocked weights after the softmax without renormalising.

Exposed by: Any mask: rows no longer sum to 1, outputs differ.

Cause: attn_mask_after_softmax
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    weights = torch.softmax(scores, dim=-1)
    if mask is not None:
        weights = weights.masked_fill(mask == 0, 0.0)
    return weights @ V, weights
