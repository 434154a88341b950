"""MISTAKE: Ported from nn.Transformer.generate_square_subsequent_mask, the mask is a float32 matrix of 0 and -inf added to the scores; it is created in the default dtype, so for float16/bfloat16 inputs the scores and weights are promoted to float32 and weights @ V then mixes dtypes (float32/float64 inputs happen to be fine).
FIX: Use a bool mask with masked_fill (or create the additive mask with dtype=X.dtype).

Cause: made_float32
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
    n = X.size(-2)
    bias = torch.triu(torch.full((n, n), float("-inf"), device=X.device), diagonal=1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1)) + bias
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
