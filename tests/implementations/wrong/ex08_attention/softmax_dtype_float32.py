"""torch.softmax(..., dtype=torch.float32) hard-codes float32.

Exposed by: float64 inputs: float32 weights (and a dtype error in weights @ V).

Cause: cast_met
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1, dtype=torch.float32)
    return weights @ V, weights
