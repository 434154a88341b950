"""MISTAKE: Copies the attention-dropout line of a training module as F.dropout(weights, p=0.1), but the functional dropout defaults to training=True, so 10% of the weights are randomly zeroed and the rest scaled by 1/0.9 on every call.
FIX: Drop the dropout (or pass training=False); the function must be deterministic.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F


def scaled_dot_product_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    d_k = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights = F.dropout(weights, p=0.1)
    return weights @ V, weights
