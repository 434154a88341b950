"""K "transposed" with a reshape to [..., d_k, n_k]: the shape of Kᵀ, but the entries are regrouped in memory order rather than swapped.

Caught by: every case whose K is not square (the lesson's example first), named by the
suspect tried in 03 and, through attention_support.suspects_for, in 08 to 10.

Cause: k_reshaped
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    K_t = K.reshape(*K.shape[:-2], K.shape[-1], K.shape[-2])
    scores = Q @ K_t / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
