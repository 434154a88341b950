"""CORRECT: split and merge use one permute with an index list computed from the number of leading dims (no transpose), the queries are pre-multiplied by d_head ** -0.5, and the mask goes through torch.where."""
from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    *lead, n, d_model = X.shape
    if h <= 0 or d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    b = len(lead)
    return X.reshape(*lead, n, h, d_model // h).permute(*range(b), b + 1, b, b + 2)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    *lead, h, n, d_head = X.shape
    b = len(lead)
    return X.permute(*range(b), b + 1, b, b + 2).reshape(*lead, n, h * d_head)


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
    Q = Q * Q.size(-1) ** -0.5
    K = split_heads(X_kv @ W_K, h)
    V = split_heads(X_kv @ W_V, h)
    scores = Q @ K.transpose(-2, -1)
    if mask is not None:
        allowed = mask != 0
        if allowed.dim() >= 2:
            allowed = allowed.unsqueeze(-3)
        scores = torch.where(allowed, scores, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return merge_heads(weights @ V) @ W_O, weights
