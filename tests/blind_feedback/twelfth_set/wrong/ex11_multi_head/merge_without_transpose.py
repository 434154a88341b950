"""MISTAKE: merge_heads reshapes [..., h, n, d_head] straight to [..., n, h * d_head] without first moving n back in front of h, so rows of different tokens are glued together; merge_heads(split_heads(X, h)) != X for h > 1 and the attention output is scrambled.
FIX: Transpose the h and n axes back (transpose(-3, -2)) before reshaping to [..., n, h * d_head].
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
