"""MISTAKE: like nanoGPT, the mask is a precomputed block_size x block_size buffer sliced with [:n, :n], so sequences longer than block_size (256) get a too-small mask and raise, and the CPU buffer never follows X to another device.
FIX: Build the mask from the actual n on X.device each call (torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))).
"""

from __future__ import annotations

import math

import torch

BLOCK_SIZE = 256
_BIAS = torch.tril(torch.ones(BLOCK_SIZE, BLOCK_SIZE)).view(1, BLOCK_SIZE, BLOCK_SIZE)


def causal_self_attention(X, W_Q, W_K, W_V):
    n = X.size(-2)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    att = (Q @ K.transpose(-2, -1)) * (1.0 / math.sqrt(K.size(-1)))
    att = att.masked_fill(_BIAS[:, :n, :n] == 0, float("-inf"))
    if X.dim() == 2:
        att = att.squeeze(0)
    weights = torch.softmax(att, dim=-1)
    return weights @ V, weights
