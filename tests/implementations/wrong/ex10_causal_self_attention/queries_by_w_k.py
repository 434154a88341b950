"""A copy-paste slip: the queries are projected with W_K (Q = X @ W_K), so they equal the keys.

Caught by: the values (every case with a causal flow).

Cause: proj_q_by_w_k
"""
import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_K, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = (Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))).masked_fill(~mask, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
