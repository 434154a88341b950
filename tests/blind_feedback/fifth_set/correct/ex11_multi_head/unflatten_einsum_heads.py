"""CORRECT: split/merge with unflatten, movedim and flatten; the attention reshapes W_Q, W_K, W_V to [d_model, h, d_head] and W_O to [h, d_head, d_model] and does every product per head with einsum."""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    if h <= 0 or d_model % h != 0:
        raise ValueError(f"h={h} must divide d_model={d_model}")
    return X.unflatten(-1, (h, d_model // h)).movedim(-2, -3)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    return X.movedim(-3, -2).flatten(-2)


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
    d_model = W_Q.size(0)
    if d_model % h != 0:
        raise ValueError(f"h={h} must divide d_model={d_model}")
    d_head = d_model // h
    Q = torch.einsum("...nd,dhe->...hne", X_q, W_Q.reshape(d_model, h, d_head))
    K = torch.einsum("...nd,dhe->...hne", X_kv, W_K.reshape(d_model, h, d_head))
    V = torch.einsum("...nd,dhe->...hne", X_kv, W_V.reshape(d_model, h, d_head))
    scores = torch.einsum("...hqe,...hke->...hqk", Q, K) / math.sqrt(d_head)
    if mask is not None:
        scores = scores.masked_fill((mask == 0).unsqueeze(-3), float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    heads = weights @ V
    out = torch.einsum("...hne,hef->...nf", heads, W_O.reshape(h, d_head, W_O.size(-1)))
    return out, weights
