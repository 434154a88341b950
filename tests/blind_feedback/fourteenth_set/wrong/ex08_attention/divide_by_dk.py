"""MISTAKE: The scores are divided by d_k instead of √d_k, so they are shrunk too much and every softmax row comes out flatter than it should (wrong weights and outputs whenever d_k > 1).
FIX: Divide by math.sqrt(d_k), the standard deviation of the dot product.
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
    scores = Q @ K.transpose(-2, -1) / d_k
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, weights
