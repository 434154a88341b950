"""CORRECT: split/merge via unflatten+movedim and flatten, while the attention reshapes the weight matrices into per-head blocks ([d_model, h, d_head] and [h, d_head, d_model]) and projects straight into heads and back out with einsum.
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.shape[-1]
    if h <= 0 or d_model % h:
        raise ValueError(f"the number of heads {h} must divide d_model {d_model}")
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
    d_model = W_Q.shape[0]
    if h <= 0 or d_model % h:
        raise ValueError(f"the number of heads {h} must divide d_model {d_model}")
    d_head = d_model // h
    wq = W_Q.reshape(d_model, h, d_head)
    wk = W_K.reshape(d_model, h, d_head)
    wv = W_V.reshape(d_model, h, d_head)
    wo = W_O.reshape(h, d_head, d_model)
    Q = torch.einsum("...nd,dhe->...hne", X_q, wq)
    K = torch.einsum("...nd,dhe->...hne", X_kv, wk)
    V = torch.einsum("...nd,dhe->...hne", X_kv, wv)
    scores = torch.einsum("...hqe,...hke->...hqk", Q, K) / math.sqrt(d_head)
    if mask is not None:
        allowed = mask != 0
        if allowed.dim() >= 2:
            allowed = allowed.unsqueeze(-3)
        scores = scores.masked_fill(~allowed, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    heads = torch.einsum("...hqk,...hke->...hqe", weights, V)
    output = torch.einsum("...hqe,hef->...qf", heads, wo)
    return output, weights
