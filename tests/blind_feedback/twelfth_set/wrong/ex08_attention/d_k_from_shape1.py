"""MISTAKE: d_k is read as Q.shape[1], which is the feature size only for 2-D inputs; with a batch dimension it is n_q, so batched inputs are scaled by the wrong factor.
FIX: Read d_k from the last axis, Q.size(-1).
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
    d_k = Q.shape[1]  # Q is (n_q, d_k)
    scores = Q @ K.transpose(-2, -1)
    scores = scores / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
