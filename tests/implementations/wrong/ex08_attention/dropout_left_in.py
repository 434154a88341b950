"""scaled_dot_product_attention keeps F.dropout(weights, p=0.1) from the Annotated
Transformer; F.dropout drops unless training=False, so weights are zeroed at random and the
rest scaled by 1/0.9.

Caught by: the value cases (random, so not every one). Named from the weights themselves:
some exactly 0 where the reference's are not, all the others the reference's times one
factor above 1. From blind set 4 (no cause in its first run).

Cause: attn_dropout
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
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights = torch.nn.functional.dropout(weights, p=0.1)
    return weights @ V, weights
