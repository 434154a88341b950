"""MISTAKE: The mask is applied with masked_fill(mask == 1, -inf), treating True/1 as blocked (the key_padding_mask convention of nn.MultiheadAttention).
FIX: Block where mask == 0; True/1 means may attend.
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
        scores = scores.masked_fill(mask == 1, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
