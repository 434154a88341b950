"""MISTAKE: The keys are transposed with K.T, which reverses ALL dimensions: correct for a single [n_k, d_k] matrix, but for batched K [B, n_k, d_k] it gives [d_k, n_k, B], so the matmul raises or silently mixes batch and feature axes.
FIX: Swap only the last two dimensions: K.transpose(-2, -1) (or K.mT).
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
    scores = (Q @ K.T) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
