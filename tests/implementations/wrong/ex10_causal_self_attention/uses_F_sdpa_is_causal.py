"""Computes the output with torch.nn.functional.scaled_dot_product_attention(is_causal=True), which 10 forbids.

Caught by: forbidden call (the output and weights are otherwise right).

Cause: forbidden_call
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    output = torch.nn.functional.scaled_dot_product_attention(Q, K, V, is_causal=True)
    return output, weights
