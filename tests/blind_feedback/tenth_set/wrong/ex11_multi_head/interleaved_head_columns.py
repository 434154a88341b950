"""MISTAKE: The feature axis is split as (d_head, h) instead of (h, d_head) (the einops "(d h)" vs "(h d)" slip), so head i gets the strided columns i, i+h, i+2h, ... instead of a contiguous block; merge_heads is its exact inverse, so the round trip still gives X, but the heads and the attention output are wrong.
FIX: Reshape the last dim to [h, d_head] (head i = columns i*d_head .. (i+1)*d_head - 1) and merge the same way.
"""
from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    if h <= 0 or d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    X = X.reshape(*X.shape[:-1], d_model // h, h)   # [..., n, d_head, h]
    return X.transpose(-1, -2).transpose(-3, -2)     # [..., h, n, d_head]


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    h, n, d_head = X.shape[-3:]
    X = X.transpose(-3, -2).transpose(-1, -2)        # [..., n, d_head, h]
    return X.reshape(*X.shape[:-2], d_head * h)


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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        if mask.dim() >= 2:
            mask = mask.unsqueeze(-3)  # same mask for every head
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return merge_heads(weights @ V) @ W_O, weights
