"""MISTAKE: split_heads checks divisibility with `assert`, which raises AssertionError (and vanishes under python -O) instead of the ValueError the contract asks for.
FIX: `if d_model % h != 0: raise ValueError(...)`.

Every divisible case is right; only a d_model that h does not divide shows it.

Cause: assert_not_value_error
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    assert d_model % h == 0, "d_model must be divisible by h"
    d_head = d_model // h
    X = X.reshape(*X.shape[:-1], h, d_head)
    return X.transpose(-3, -2)


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
