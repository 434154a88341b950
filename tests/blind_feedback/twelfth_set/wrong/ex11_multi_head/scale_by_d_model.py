"""MISTAKE: Each head's scores are divided by √d_model instead of √d_head, as in single-head attention; correct only for h = 1, too-flat weights for any h > 1.
FIX: Scale by math.sqrt(d_model // h), the width each head really multiplies.
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h = {h} does not divide d_model = {d_model}")
    d_head = d_model // h
    X = X.reshape(*X.shape[:-1], h, d_head)  # [..., n, h, d_head]
    return X.transpose(-3, -2)               # [..., h, n, d_head]


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    h, n, d_head = X.shape[-3:]
    X = X.transpose(-3, -2)                  # [..., n, h, d_head]
    return X.reshape(*X.shape[:-2], h * d_head)


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
    d_model = X_q.size(-1)
    Q = split_heads(X_q @ W_Q, h)
    K = split_heads(X_kv @ W_K, h)
    V = split_heads(X_kv @ W_V, h)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_model)
    if mask is not None:
        scores = scores.masked_fill((mask == 0).unsqueeze(-3), float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    out = merge_heads(weights @ V) @ W_O
    return out, weights
