"""MISTAKE: the softmax is upcast with dtype=torch.float32 (as HuggingFace does for stability) but never cast back, so for float64 or float16 inputs the weights are float32 and weights @ V fails on the dtype mismatch.
FIX: Cast the weights back with .to(Q.dtype), or call torch.softmax without dtype.
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1, dtype=torch.float32)
    return weights @ V, weights
