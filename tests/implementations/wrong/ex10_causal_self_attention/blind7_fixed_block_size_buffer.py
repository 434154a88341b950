"""It slices a causal mask precomputed once for block_size = 8 (as in nanoGPT's registered bias buffer), so sequences longer than 8 tokens get a too-small mask and raise a shape error.

FIX: Build the mask from the actual length and device each call: torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device)).

Caught by: blind set 7.

Cause: fixed_size
"""

from __future__ import annotations

import math

import torch


BLOCK_SIZE = 8
_BIAS = torch.tril(torch.ones(BLOCK_SIZE, BLOCK_SIZE))


def causal_self_attention(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    n = X.size(-2)
    mask = _BIAS[:n, :n].to(X.device)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
