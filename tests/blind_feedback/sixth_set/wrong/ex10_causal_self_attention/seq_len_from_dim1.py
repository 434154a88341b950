"""MISTAKE: the sequence length is read as T = X.size(1) (from nanoGPT's B, T, C = x.size()), assuming exactly one batch dimension, so an unbatched [n, d_model] X or X with two batch dims gets a mask of the wrong size (raise or wrong mask).
FIX: Read n = X.size(-2), which is the position axis for any number of leading dims.
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    T = X.size(1)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    mask = torch.tril(torch.ones(T, T, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) * (1.0 / math.sqrt(K.size(-1)))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
