"""Correct: einsum scores, torch.where(mask.bool(), ...), logsumexp softmax.

Meant to satisfy the whole contract of ex08_attention.
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(Q, K, V, mask=None):
    scores = torch.einsum("...qd,...kd->...qk", Q, K) * (1.0 / math.sqrt(Q.size(-1)))
    if mask is not None:
        scores = torch.where(mask.bool(), scores, float("-inf"))
    weights = torch.exp(scores - torch.logsumexp(scores, dim=-1, keepdim=True))
    return torch.einsum("...qk,...kd->...qd", weights, V), weights
