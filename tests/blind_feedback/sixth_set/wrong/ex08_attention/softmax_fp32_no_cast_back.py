"""MISTAKE: the softmax is upcast with dtype=torch.float32 (as in HuggingFace code) but never cast back to the input dtype, so float64 or float16 inputs make weights @ V raise a dtype mismatch (and the weights lose the input dtype).
FIX: Cast the weights back with .to(Q.dtype) or simply call torch.softmax(scores, dim=-1) without a dtype.
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
