"""MISTAKE: none (correct). Written with torch.einsum for both products, the mask applied with torch.where, and the weights computed as exp(scores - logsumexp(scores)) rather than with a softmax call.
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
    scores = torch.einsum("...qd,...kd->...qk", Q, K) * (1.0 / math.sqrt(Q.shape[-1]))
    if mask is not None:
        scores = torch.where(mask != 0, scores, torch.tensor(float("-inf"), dtype=scores.dtype, device=scores.device))
    weights = torch.exp(scores - torch.logsumexp(scores, dim=-1, keepdim=True))
    out = torch.einsum("...qk,...kv->...qv", weights, V)
    return out, weights
