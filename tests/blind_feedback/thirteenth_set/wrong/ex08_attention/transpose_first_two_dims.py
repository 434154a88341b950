"""MISTAKE: K is transposed with K.transpose(0, 1), which only swaps n_k and d_k for a 2-D K; with leading batch dimensions it swaps the batch and position axes instead, and the product fails or mixes batches.
FIX: Always transpose the last two axes: K.transpose(-2, -1).
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
    scores = Q @ K.transpose(0, 1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
