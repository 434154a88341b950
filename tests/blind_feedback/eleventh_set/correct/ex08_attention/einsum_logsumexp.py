"""CORRECT: scores via torch.einsum with the scale folded into Q, masking with torch.where, and the weights computed as exp(scores - logsumexp(scores)) instead of a softmax call."""

from __future__ import annotations

import math

import torch


def scaled_dot_product_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    scores = torch.einsum("...qd,...kd->...qk", Q * (1.0 / math.sqrt(Q.shape[-1])), K)
    if mask is not None:
        scores = torch.where(mask != 0, scores, float("-inf"))
    weights = torch.exp(scores - torch.logsumexp(scores, dim=-1, keepdim=True))
    return torch.einsum("...qk,...kv->...qv", weights, V), weights
