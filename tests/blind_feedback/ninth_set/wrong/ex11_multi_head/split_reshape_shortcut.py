"""MISTAKE: split_heads reshapes [..., n, d_model] straight to [..., h, n, d_head], which has the right shape but cuts the flat memory in the wrong places: head i gets pieces of several tokens instead of columns i*d_head..(i+1)*d_head of every token (only h = 1 or n = 1 come out right).
FIX: Reshape to [..., n, h, d_head] first, then move h in front of n with transpose(-3, -2).
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    n, d_model = X.shape[-2:]
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    return X.reshape(*X.shape[:-2], h, n, d_model // h)


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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask.unsqueeze(-3) == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return merge_heads(weights @ V) @ W_O, weights
