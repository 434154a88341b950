"""MISTAKE: the weights are detached (to return them for plotting) before they are multiplied with V, so no gradient flows from the output back to Q and K, i.e. to X through W_Q and W_K.
FIX: Compute the output from the attached weights and only detach a copy if one is needed for display.
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    n = X.size(-2)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1).detach()
    return weights @ V, weights
