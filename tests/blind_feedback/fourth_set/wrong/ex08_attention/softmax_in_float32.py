"""MISTAKE: Runs the softmax with dtype=torch.float32 (a mixed-precision habit), so for float64 or float16 inputs the weights are float32 and the weights @ V product fails on mismatched dtypes.
FIX: Call torch.softmax(scores, dim=-1) without forcing a dtype (or cast the weights back to Q.dtype).
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
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1, dtype=torch.float32)
    return weights @ V, weights
