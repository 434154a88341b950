"""CORRECT: Q is scaled out of place before the product, the mask goes through torch.where, and the softmax is written by hand with a max shift.
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
    Qs = Q * (1.0 / math.sqrt(Q.shape[-1]))
    scores = torch.matmul(Qs, K.mT)
    if mask is not None:
        scores = torch.where(mask.to(torch.bool), scores, torch.full_like(scores, float("-inf")))
    e = torch.exp(scores - scores.amax(dim=-1, keepdim=True))
    weights = e / e.sum(dim=-1, keepdim=True)
    return torch.matmul(weights, V), weights
