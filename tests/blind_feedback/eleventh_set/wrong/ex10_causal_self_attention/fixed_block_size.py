"""MISTAKE: the mask is built for a fixed block size of 256 and sliced to [:n, :n], copied from nanoGPT's registered buffer; for a sequence longer than 256 tokens the slice stays 256 x 256 and the function raises.
FIX: Build the mask for the actual length: torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device)).
"""

from __future__ import annotations

import math

import torch


def causal_self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    n = X.size(-2)
    block_size = 256
    bias = torch.tril(torch.ones(block_size, block_size, dtype=torch.bool, device=X.device))
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(~bias[:n, :n], float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
