"""MISTAKE: Uses K.T to transpose the keys; on a 2-D K that is right, but with batch dimensions .T reverses all axes ([b, n_k, d_k] -> [d_k, n_k, b]), so batched inputs give an error or wrong numbers.
FIX: Swap only the last two axes, K.transpose(-2, -1) (or K.mT).
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
    scores = Q @ K.T / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    output = weights @ V
    return output, weights
