"""MISTAKE: Reads d_k as Q.shape[2], assuming [batch, n, d_k] inputs; for unbatched inputs this is an IndexError and with two batch dims it picks up n_q.
FIX: Read the feature width from the last axis: d_k = Q.size(-1).
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
    d_k = Q.shape[2]
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
