"""MISTAKE: split_heads reshapes straight to [..., h, n, d_head] without a transpose, cutting the flat memory in the wrong places and mixing rows.
FIX: Reshape to [..., n, h, d_head] first, then transpose(-3, -2).
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    *lead, n, d_model = X.shape
    if d_model % h != 0:
        raise ValueError("h must divide d_model")
    return X.reshape(*lead, h, n, d_model // h)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    h, n, d_head = X.shape[-3:]
    Xm = X.transpose(-3, -2)
    return Xm.reshape(*Xm.shape[:-2], h * d_head)


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
    out = merge_heads(weights @ V) @ W_O
    return out, weights
