"""MISTAKE: merge_heads unpacks b, h, n, d_head = X.shape and uses X.permute(0, 2, 1, 3), which assumes exactly one batch dimension; an unbatched [h, n, d_head] input (or two batch dims) raises, and with it multi_head_attention on unbatched X.
FIX: Swap the head and position axes counted from the end, X.transpose(-3, -2), then flatten the last two dims.
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    d_head = d_model // h
    X = X.reshape(*X.shape[:-1], h, d_head)
    return X.transpose(-3, -2)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    b, h, n, d_head = X.shape
    return X.permute(0, 2, 1, 3).reshape(b, n, h * d_head)


def multi_head_attention(
    X_q: torch.Tensor,
    X_kv: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    W_O: torch.Tensor,
    h: int,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    Q = split_heads(X_q @ W_Q, h)
    K = split_heads(X_kv @ W_K, h)
    V = split_heads(X_kv @ W_V, h)
    d_head = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_head)
    if mask is not None:
        scores = scores.masked_fill(mask.unsqueeze(-3) == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    out = merge_heads(weights @ V)
    return out @ W_O, weights
