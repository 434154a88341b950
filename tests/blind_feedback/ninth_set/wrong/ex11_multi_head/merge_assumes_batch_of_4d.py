"""MISTAKE: merge_heads is ported from nanoGPT (B, h, T, d = X.shape; transpose(1, 2)...view(B, T, C)), so it only works for exactly one batch dimension: an unbatched [h, n, d_head] input (e.g. multi_head_attention on [n, d_model]) or two batch dims raise a ValueError on the unpacking.
FIX: Use negative axes and keep all leading dims: X.transpose(-3, -2).reshape(*X.shape[:-3], n, h * d_head).
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    d_head = d_model // h
    return X.reshape(*X.shape[:-1], h, d_head).transpose(-3, -2)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    B, h, T, d = X.shape
    return X.transpose(1, 2).contiguous().view(B, T, h * d)


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
        scores = scores.masked_fill(mask.unsqueeze(-3) == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return merge_heads(weights @ V) @ W_O, weights
