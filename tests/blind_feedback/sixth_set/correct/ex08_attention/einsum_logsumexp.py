"""CORRECT: scores via an ellipsis einsum with the 1/sqrt(d_k) factor folded into the query, and the softmax written as exp(scores - logsumexp(scores)), with torch.where blocking keys.
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
    scale = 1.0 / math.sqrt(Q.size(-1))
    scores = torch.einsum("...qd,...kd->...qk", Q * scale, K)
    if mask is not None:
        blocked = mask == 0
        scores = torch.where(blocked, torch.full_like(scores, float("-inf")), scores)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=-1, keepdim=True))
    output = torch.einsum("...qk,...kv->...qv", weights, V)
    return output, weights
