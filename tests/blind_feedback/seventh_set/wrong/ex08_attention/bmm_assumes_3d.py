"""MISTAKE: It uses torch.bmm and K.transpose(1, 2), which assume exactly one batch dimension, so unbatched [n, d] inputs or inputs with two batch dims ([B, H, n, d]) raise an error.
FIX: Use @ (torch.matmul) with K.transpose(-2, -1) so any number of leading dims broadcasts.
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
    scores = torch.bmm(Q, K.transpose(1, 2)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return torch.bmm(weights, V), weights
