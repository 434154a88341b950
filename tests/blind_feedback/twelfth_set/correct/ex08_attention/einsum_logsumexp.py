"""CORRECT: Scales Q before the product, writes both products with torch.einsum over broadcast ellipsis dims, blocks with torch.where, and normalises with exp(scores - logsumexp) instead of a softmax call.
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
    q = Q * (1.0 / math.sqrt(Q.shape[-1]))
    scores = torch.einsum("...qd,...kd->...qk", q, K)
    if mask is not None:
        scores = torch.where(mask != 0, scores, scores.new_tensor(float("-inf")))
    weights = torch.exp(scores - torch.logsumexp(scores, dim=-1, keepdim=True))
    output = torch.einsum("...qk,...kv->...qv", weights, V)
    return output, weights
