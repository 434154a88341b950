"""MISTAKE: blocked scores are filled with -1e4 (the old HuggingFace constant) instead of -inf; that looks the same for small scores, but when the allowed scores are themselves around -1e4 or lower the future positions get real weight and causality breaks.
FIX: Fill with float("-inf").

Cause: attn_finite_fill|attn_zero_fill
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
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool, device=X.device))
    scores = scores.masked_fill(mask == 0, -1e4)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
