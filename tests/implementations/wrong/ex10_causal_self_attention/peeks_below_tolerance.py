"""causal_self_attention adds to every output 1e-7 of the last token's features: a leak of the future below any value tolerance.

Caught by: the no-peeking cases, which compare the earlier outputs exactly (a masked weight
is exactly 0); the value cases pass. No cause names it yet.

Cause: none
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = (Q @ K.transpose(-2, -1)) / math.sqrt(Q.size(-1))
    weights = torch.softmax(scores.masked_fill(~mask, float("-inf")), dim=-1)
    peek = X[..., -1:, :].sum(-1, keepdim=True)
    return weights @ V + 1e-7 * peek, weights
