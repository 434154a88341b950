"""CORRECT: Scales the queries (out of place) before an einsum, fills blocked scores with torch.finfo(dtype).min of the scores' own dtype, runs the softmax in float32 and casts the weights back to the input dtype."""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = torch.einsum("...qd,...kd->...qk", Q / math.sqrt(Q.size(-1)), K)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, torch.finfo(scores.dtype).min)
    compute = torch.float64 if scores.dtype == torch.float64 else torch.float32
    weights = torch.softmax(scores.to(compute), dim=-1)
    if mask is not None:
        weights = weights.masked_fill(mask == 0, 0.0)
    weights = weights.to(Q.dtype)
    return weights @ V, weights
