"""MISTAKE: Reads d_k as Q.shape[1], which is the feature width only for an unbatched [n, d_k] query; with batch dimensions it picks up a sequence length or batch size, so the scores are scaled by the wrong number (or the indexing fails).
FIX: Take the last dimension: d_k = Q.size(-1).
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
