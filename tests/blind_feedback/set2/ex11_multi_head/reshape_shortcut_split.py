"""MISTAKE: split_heads reshapes X straight to [..., h, n, d_head] without first splitting the last dim and transposing, which cuts the flat memory in the wrong places and mixes positions across heads.
FIX: Reshape to [..., n, h, d_head] and then transpose(-3, -2).

Cause: ex11_split_without_transpose
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    d_head = d_model // h
    n = X.size(-2)
    return X.reshape(*X.shape[:-2], h, n, d_head)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    X = X.transpose(-3, -2)
    return X.reshape(*X.shape[:-2], X.size(-2) * X.size(-1))


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
    heads = weights @ V
    output = merge_heads(heads) @ W_O
    return output, weights
