"""CORRECT: split_heads stacks torch.chunk's contiguous column blocks on a new head axis, merge_heads concatenates the unbound heads back, and the attention reshapes the weight matrices per head and projects with einsum.
"""
from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    if h <= 0 or X.shape[-1] % h != 0:
        raise ValueError(f"{h} heads do not divide d_model = {X.shape[-1]}")
    return torch.stack(X.chunk(h, dim=-1), dim=-3)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    return torch.cat(X.unbind(dim=-3), dim=-1)


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
    d_model = W_Q.shape[0]
    if d_model % h != 0:
        raise ValueError(f"{h} heads do not divide d_model = {d_model}")
    d_head = d_model // h
    Wq = W_Q.reshape(d_model, h, d_head)
    Wk = W_K.reshape(d_model, h, d_head)
    Wv = W_V.reshape(d_model, h, d_head)
    Q = torch.einsum("...nd,dhe->...hne", X_q, Wq)
    K = torch.einsum("...nd,dhe->...hne", X_kv, Wk)
    V = torch.einsum("...nd,dhe->...hne", X_kv, Wv)
    scores = torch.einsum("...hqe,...hke->...hqk", Q, K) / math.sqrt(d_head)
    if mask is not None:
        scores = scores.masked_fill(mask.unsqueeze(-3) == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    heads = weights @ V
    return merge_heads(heads) @ W_O, weights
