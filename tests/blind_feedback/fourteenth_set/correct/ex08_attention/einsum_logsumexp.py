"""MISTAKE: none (correct). The queries are pre-scaled by 1/√d_k, the scores and the blend are written with torch.einsum, the mask is applied with torch.where, and the softmax is written as exp(scores - logsumexp(scores)).
FIX: none
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
    scores = torch.einsum("...qd,...kd->...qk", Q / math.sqrt(Q.shape[-1]), K)
    if mask is not None:
        blocked = torch.full((), float("-inf"), dtype=scores.dtype, device=scores.device)
        scores = torch.where(mask != 0, scores, blocked)
    weights = torch.exp(scores - torch.logsumexp(scores, dim=-1, keepdim=True))
    output = torch.einsum("...qk,...kv->...qv", weights, V)
    return output, weights
