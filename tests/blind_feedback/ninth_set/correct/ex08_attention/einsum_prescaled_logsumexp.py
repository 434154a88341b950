"""CORRECT: Scales the queries before the product, computes scores and the blend with torch.einsum, masks with torch.where and a scalar -inf, and normalises as exp(scores - logsumexp(scores)) instead of calling softmax."""

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
        scores = torch.where(mask != 0, scores, float("-inf"))
    weights = torch.exp(scores - torch.logsumexp(scores, dim=-1, keepdim=True))
    return torch.einsum("...qk,...kd->...qd", weights, V), weights
