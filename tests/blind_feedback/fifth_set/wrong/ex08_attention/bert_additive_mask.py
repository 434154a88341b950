"""MISTAKE: Ports the original BERT additive mask, scores + (1 - mask.float()) * -10000.0: the float32 mask promotes float16 scores to float32 (so weights @ V then fails on a dtype mismatch), and with large scores (hundreds or more) a blocked score minus 10000 still gets a nonzero weight or even wins.
FIX: Replace blocked scores by -inf with masked_fill(mask == 0, float("-inf")), which never changes the dtype and gives blocked weights of exactly 0.
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
        scores = scores + (1.0 - mask.float()) * -10000.0
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
