"""A hand-written softmax without subtracting the row max: NaN in float16 for scores above 11.

Caught by: the float16 case at ordinary magnitudes.

Cause: softmax_no_shift
"""
import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    allowed = torch.ones(n, n, dtype=torch.bool, device=X.device).tril()
    e = torch.exp(scores.masked_fill(~allowed, float("-inf")))
    weights = e / e.sum(dim=-1, keepdim=True)
    return weights @ V, weights
