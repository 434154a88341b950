"""MISTAKE: It fills blocked scores with -1e9, a value float16 cannot hold, so masked attention on float16 inputs raises an overflow error instead of returning a result.
FIX: Fill with float("-inf") (or torch.finfo(scores.dtype).min), which every floating dtype can represent.
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
        scores = scores.masked_fill(mask == 0, -1e9)
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
