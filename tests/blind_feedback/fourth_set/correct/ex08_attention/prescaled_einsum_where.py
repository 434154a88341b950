"""CORRECT: Scales the queries out of place before an einsum score, masks with torch.where against a -inf tensor of the scores' dtype, and normalises in log space with logsumexp.
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
    q = Q * (1.0 / math.sqrt(Q.size(-1)))
    scores = torch.einsum("...qd,...kd->...qk", q, K)
    if mask is not None:
        blocked = torch.full_like(scores[..., :1, :1], float("-inf"))
        scores = torch.where(mask != 0, scores, blocked)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=-1, keepdim=True))
    return torch.einsum("...qk,...kd->...qd", weights, V), weights
