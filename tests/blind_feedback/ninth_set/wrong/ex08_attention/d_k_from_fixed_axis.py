"""MISTAKE: d_k is read as Q.shape[1], a habit from 2-D [n, d_k] arrays; with leading batch dimensions that axis is n_q (or a batch/head size), so batched inputs are scaled by the wrong number while unbatched ones pass.
FIX: Read the width from the last axis: d_k = Q.size(-1).
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
