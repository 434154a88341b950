"""MISTAKE: Calls mask.unsqueeze(1) as in multi-head code (the Annotated Transformer's head axis), which misaligns the mask's axes with the scores: an error for many masks and a wrongly broadcast, larger output for others.
FIX: Use the mask as given; it is already broadcastable to [..., n_q, n_k].
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        mask = mask.unsqueeze(1)
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
