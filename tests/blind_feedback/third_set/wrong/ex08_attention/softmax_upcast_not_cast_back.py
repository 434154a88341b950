"""MISTAKE: The softmax is computed in float32 for stability and never cast back, so float64/float16 inputs give float32 weights and a dtype-mismatch error in weights @ V.
FIX: Cast the weights back with .to(Q.dtype) (or softmax in the input dtype).
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
    weights = torch.softmax(scores.float(), dim=-1)
    return weights @ V, weights
