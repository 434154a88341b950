"""MISTAKE: Scales the queries in place (Q /= sqrt(d_k)) to save one division over the larger score matrix, which gives the right result but leaves the caller's Q divided by sqrt(d_k) after every call (and raises for a Q that requires grad).
FIX: Scale out of place, e.g. scores = (Q / math.sqrt(d_k)) @ K.transpose(-2, -1).
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
    Q /= math.sqrt(d_k)
    scores = Q @ K.transpose(-2, -1)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
