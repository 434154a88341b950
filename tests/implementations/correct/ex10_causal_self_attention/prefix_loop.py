"""Explicit loop over positions: position i attends only to the prefix 0..i, so no mask is needed at all.

The weights matrix is assembled row by row, padded with exact zeros for the future.
"""

import math

import torch


def causal_self_attention(X, W_Q, W_K, W_V):
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    d_k = Q.size(-1)
    out_rows, weight_rows = [], []
    for i in range(n):
        q = Q[..., i : i + 1, :]                     # [..., 1, d_k]
        k = K[..., : i + 1, :]                       # [..., i+1, d_k]
        v = V[..., : i + 1, :]
        s = q @ k.transpose(-2, -1) / math.sqrt(d_k)  # [..., 1, i+1]
        w = torch.softmax(s, dim=-1)
        out_rows.append(w @ v)
        pad = w.new_zeros(*w.shape[:-1], n - i - 1)
        weight_rows.append(torch.cat([w, pad], dim=-1))
    return torch.cat(out_rows, dim=-2), torch.cat(weight_rows, dim=-2)
