"""torch.where(mask, scores, -inf) with the raw mask as condition.

Exposed by: float/int 0/1 masks: torch.where needs a bool condition.

Cause: where_bool
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = torch.where(mask, scores, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
