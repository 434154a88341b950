"""MISTAKE: the mask is read with nn.MultiheadAttention's convention (True = blocked) and masked_fill is called on mask.bool() itself, so exactly the positions that may be attended get -inf and the blocked ones receive all the weight.
FIX: Block where the mask is 0/False: scores.masked_fill(mask == 0, float("-inf")).
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
        scores = scores.masked_fill(mask.bool(), float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
