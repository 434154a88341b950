"""MISTAKE: Keeps the dropout on the attention weights from the Annotated Transformer; F.dropout defaults to training=True, so weights are randomly zeroed and rescaled on every call.
FIX: Remove the dropout; this function must be deterministic.
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
