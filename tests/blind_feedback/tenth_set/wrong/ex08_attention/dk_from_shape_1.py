"""MISTAKE: d_k is read as Q.shape[1] (the numpy 2-D habit), which is the feature width only for unbatched [n_q, d_k] inputs; with a batch dimension it picks n_q, so the scaling is wrong for batched inputs.
FIX: Read d_k = Q.size(-1), the last dimension.
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
    d_k = Q.shape[1]
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
