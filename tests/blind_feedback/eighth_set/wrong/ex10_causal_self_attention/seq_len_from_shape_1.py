"""MISTAKE: the sequence length is read as B, T, C = X.shape (nanoGPT style), so the function only works for exactly one batch dimension and fails for unbatched [n, d_model] or multi-batch [..., B, n, d_model] inputs.
FIX: Read n = X.size(-2) so any number of leading batch dimensions works.
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
    B, T, C = X.shape
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    mask = torch.tril(torch.ones(T, T, dtype=torch.bool, device=X.device))
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
