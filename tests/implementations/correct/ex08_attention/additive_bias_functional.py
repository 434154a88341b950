"""Correct: Additive -inf bias in scores' dtype, F.softmax.

Meant to satisfy the whole contract of ex08_attention.
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = (Q @ K.transpose(-1, -2)) * torch.rsqrt(torch.tensor(float(Q.size(-1)), dtype=Q.dtype, device=Q.device))
    if mask is not None:
        bias = torch.zeros_like(scores).masked_fill(mask == 0, float("-inf"))
        scores = scores + bias
    weights = torch.nn.functional.softmax(scores, dim=-1)
    return weights @ V, weights
