"""MISTAKE: the causal rule is applied after the softmax with .tril() on the weights, so the future weights are zeroed but the rows are not renormalised: each row sums to less than 1 and the outputs are shrunk.
FIX: Set the future scores to -inf before the softmax (masked_fill with a tril mask).
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
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    weights = torch.softmax(scores, dim=-1).tril()
    return weights @ V, weights
