"""MISTAKE: Ported from nanoGPT's registered "bias" buffer, the causal mask is built once at import time as a CPU tensor of a fixed block size and sliced to [:n, :n]; it is never on X's device (meta/cuda inputs fail) and sequences longer than the block size break.
FIX: Build the mask inside the function from n = X.size(-2) with device=X.device.
"""
from __future__ import annotations

import math

import torch


_BLOCK_SIZE = 256
_BIAS = torch.tril(torch.ones(_BLOCK_SIZE, _BLOCK_SIZE))


def causal_self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    n = X.size(-2)
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(_BIAS[:n, :n] == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
