"""Fills blocked scores with -1e9 via masked_fill: right in float32 and float64, but -1e9 does not fit in float16, so masked_fill raises there (the lesson's -inf, or torch.finfo(dtype).min, works in every dtype).

Caught by: the float16 case.

Cause: float16_fill
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q = torch.einsum("...nd,dk->...nk", X, W_Q)
    K = torch.einsum("...nd,dk->...nk", X, W_K)
    V = torch.einsum("...nd,dv->...nv", X, W_V)
    n = X.size(-2)
    pos = torch.arange(n, device=X.device)
    allowed = pos[None, :] <= pos[:, None]
    scores = torch.einsum("...qd,...kd->...qk", Q, K) / math.sqrt(W_K.size(-1))
    scores = scores.masked_fill(~allowed, -1e9)
    weights = torch.softmax(scores, dim=-1)
    return torch.einsum("...qk,...kv->...qv", weights, V), weights
