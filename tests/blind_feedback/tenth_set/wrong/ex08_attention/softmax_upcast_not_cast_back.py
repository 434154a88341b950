"""MISTAKE: Copied from HuggingFace, the softmax is computed with dtype=torch.float32 "for stability" but never cast back, so the weights are float32 for float64/float16 inputs and weights @ V then raises a dtype mismatch.
FIX: Cast the weights back with .to(Q.dtype) (or simply call torch.softmax without dtype).
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
