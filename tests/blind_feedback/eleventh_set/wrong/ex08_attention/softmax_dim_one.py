"""MISTAKE: the softmax uses dim=1, which is the key axis only for 2-D inputs; with batch dimensions it normalises over another axis (the queries for [B, n_q, n_k]), so the rows of the weights no longer sum to 1.
FIX: Take the softmax over dim=-1.
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
    scores = torch.matmul(Q, K.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    attn = torch.softmax(scores, dim=1)
    return torch.matmul(attn, V), attn
