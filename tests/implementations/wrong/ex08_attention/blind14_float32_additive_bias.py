"""MISTAKE: The mask is turned into an additive bias with torch.where(mask, 0.0, -inf), which is a float32 tensor; adding it to float16 scores promotes them to float32, so with a mask the weights come back float32 and the final matmul with float16 V raises (for float32/float64 inputs it happens to work).
FIX: Keep the scores' dtype: scores.masked_fill(mask == 0, -inf) (or torch.where with a value of scores' dtype).

Cause: where_float32
"""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        bias = torch.where(mask != 0, 0.0, float("-inf"))
        scores = scores + bias
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
