"""MISTAKE: split_heads and merge_heads unpack exactly three (b, n, d) / four (b, h, n, d) dimensions and use reshape/transpose(1, 2), so they only work with exactly one batch dimension; unbatched [n, d_model] or two-batch-dim inputs raise.
FIX: Work from the end (shape[:-1], transpose(-3, -2)) so any number of leading batch dims is kept.
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    b, n, d_model = X.shape
    if d_model % h != 0:
        raise ValueError(f"h = {h} does not divide d_model = {d_model}")
    d_head = d_model // h
    return X.reshape(b, n, h, d_head).transpose(1, 2)  # [b, h, n, d_head]


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    b, h, n, d_head = X.shape
    return X.transpose(1, 2).reshape(b, n, h * d_head)


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
        scores = scores.masked_fill((mask == 0).unsqueeze(-3), float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    out = merge_heads(weights @ V) @ W_O
    return out, weights
