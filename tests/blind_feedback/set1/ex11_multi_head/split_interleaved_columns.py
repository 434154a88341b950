"""MISTAKE: split_heads reshapes the columns as [d_head, h] instead of [h, d_head], so head i gets every h-th column (i, i+h, ...) instead of the i-th contiguous block.
FIX: reshape to `(..., n, h, d_head)` and then swap the n and h axes.

Shapes are all right and merge_heads is not its exact inverse any more; the heads hold
the wrong columns for any h > 1 (h = 1 passes), so multi_head_attention differs from
nn.MultiheadAttention.

Cause: ex11_interleaved_heads
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"d_model={d_model} is not divisible by h={h}")
    d_head = d_model // h
    X = X.reshape(*X.shape[:-1], d_head, h)
    return X.movedim(-1, -3)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    h, n, d_head = X.shape[-3:]
    X = X.transpose(-3, -2)
    return X.reshape(*X.shape[:-3], n, h * d_head)


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
        scores = scores.masked_fill((mask == 0).unsqueeze(-3), float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    out = merge_heads(weights @ V)
    return out @ W_O, weights
