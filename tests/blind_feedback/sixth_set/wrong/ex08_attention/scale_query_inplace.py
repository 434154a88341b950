"""MISTAKE: the query is pre-scaled in place with Q /= sqrt(d_k) (the fairseq `q *= self.scaling` habit), which overwrites the caller's Q tensor and raises for a leaf Q that requires grad.
FIX: Scale out of place, e.g. Q = Q / math.sqrt(d_k), or divide the scores instead.
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
    Q /= math.sqrt(d_k)
    scores = Q @ K.transpose(-2, -1)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
