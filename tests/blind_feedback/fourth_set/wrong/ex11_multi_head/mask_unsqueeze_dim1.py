"""MISTAKE: Adds the head axis with mask.unsqueeze(1) (the Annotated Transformer's fixed position for [B, n_q, n_k] masks), which is only right for a 3-D mask; a 2-D or 4-D mask gets its axes misaligned with [..., h, n_q, n_k].
FIX: Insert the head axis counted from the end: mask.unsqueeze(-3).
"""
from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.shape[-1]
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    d_head = d_model // h
    X = X.reshape(*X.shape[:-1], h, d_head)
    return X.transpose(-3, -2)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    X = X.transpose(-3, -2)
    return X.reshape(*X.shape[:-2], X.shape[-2] * X.shape[-1])


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
    d_head = Q.shape[-1]
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_head)
    if mask is not None:
        scores = scores.masked_fill(mask.unsqueeze(1) == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    heads = weights @ V
    return merge_heads(heads) @ W_O, weights
