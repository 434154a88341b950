"""MISTAKE: split_heads cuts the last dimension as [d_head, h], so head i gets the strided columns i, i + h, i + 2h, ... instead of the contiguous block i*d_head..(i+1)*d_head - 1; merge_heads undoes it consistently, so only the per-head contents (and the attention output) are wrong.
FIX: Reshape the last dimension to [h, d_head] (heads outermost), then move h in front of n.
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h = {h} does not divide d_model = {d_model}")
    d_head = d_model // h
    X = X.reshape(*X.shape[:-1], d_head, h)  # [..., n, d_head, h]
    return X.movedim(-1, -3)                 # [..., h, n, d_head]


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    h, n, d_head = X.shape[-3:]
    X = X.movedim(-3, -1)                    # [..., n, d_head, h]
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
    Q = split_heads(X_q @ W_Q, h)    # [..., h, n_q, d_head]
    K = split_heads(X_kv @ W_K, h)   # [..., h, n_k, d_head]
    V = split_heads(X_kv @ W_V, h)
    d_head = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_head)
    if mask is not None:
        scores = scores.masked_fill((mask == 0).unsqueeze(-3), float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    out = merge_heads(weights @ V) @ W_O
    return out, weights
