"""A hand-written softmax shifted by each row's largest |score| instead of its largest score: a row with a blocked (-inf) score gets an infinite shift, 0 / 0 = NaN.

Caught by: every case with a mask (the causal mask first), named by the suspect tried
in 08 to 12 (attention_support.suspects_for).

Cause: softmax_shift_abs
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    e = torch.exp(scores - scores.abs().amax(dim=-1, keepdim=True))
    weights = e / e.sum(dim=-1, keepdim=True)
    return weights @ V, weights
