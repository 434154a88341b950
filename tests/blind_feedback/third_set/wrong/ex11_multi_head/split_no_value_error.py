"""MISTAKE: split_heads never checks divisibility, so a bad h raises RuntimeError from view instead of ValueError.
FIX: Check d_model % h and raise ValueError yourself.
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_head = X.size(-1) // h
    return X.view(*X.shape[:-1], h, d_head).transpose(-3, -2)


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
