"""MISTAKE: the softmax is taken over dim=1, which is the key axis only for unbatched 2-D input; with a batch dimension it normalises over the query axis, so rows no longer sum to 1 and the output is wrong.
FIX: Take the softmax over dim=-1 (the keys), whatever the number of leading dimensions.
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
    weights = torch.nn.functional.softmax(scores, dim=1)
    return torch.matmul(weights, V), weights
