"""MISTAKE: To save a division on the n_q x n_k scores, Q is scaled in place with Q.div_(sqrt(d_k)); the result is right but the caller's Q tensor is changed (and it fails on a Q that requires grad).
FIX: Scale out of place (Q / math.sqrt(d_k) or scores / math.sqrt(d_k)) and leave the inputs untouched.
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
    Q = Q.div_(math.sqrt(d_k))
    scores = Q @ K.transpose(-2, -1)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
