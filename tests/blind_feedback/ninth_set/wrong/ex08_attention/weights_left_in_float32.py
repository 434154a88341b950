"""MISTAKE: For "numerical safety" the softmax is computed on scores.float() and only the copy used for the output is cast back, so the returned weights are always float32: float64 (or float16/bfloat16) inputs get weights of the wrong dtype, and float64 outputs lose precision.
FIX: Softmax in the scores' own dtype (or cast the weights back with .to(Q.dtype) before using and returning them).
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
    return weights.to(V.dtype) @ V, weights
