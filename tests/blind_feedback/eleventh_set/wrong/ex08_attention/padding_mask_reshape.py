"""MISTAKE: a 2-D mask is taken for a HuggingFace-style padding mask [batch, n_k] and reshaped to [batch, 1, 1, n_k], so an [n_q, n_k] mask no longer lines up with the scores: broadcasting inflates the output and weights to extra dimensions (or fails).
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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        if mask.dim() == 2:
            mask = mask[:, None, None, :]
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
