"""MISTAKE: The scale is read from V's last dimension (d_v) instead of Q's (d_k); identical when d_v == d_k, wrong whenever the value width differs.
FIX: Divide by math.sqrt(Q.size(-1)).
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
    n_k, d = V.shape[-2], V.shape[-1]  # feature width of the vectors
    scores = torch.matmul(Q, K.transpose(-2, -1)) / math.sqrt(d)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return torch.matmul(weights, V), weights
