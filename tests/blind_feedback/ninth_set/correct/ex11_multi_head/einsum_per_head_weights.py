"""CORRECT: Never splits the projected activations: it reshapes the weight matrices into per-head blocks (W_Q -> [d_model, h, d_head], W_O -> [h, d_head, d_model]) and does projection, attention and output mixing with torch.einsum; split/merge use unflatten/movedim/flatten."""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
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
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    d_head = d_model // h
    Q = torch.einsum("...nc,che->...hne", X_q, W_Q.reshape(d_model, h, d_head))
    K = torch.einsum("...nc,che->...hne", X_kv, W_K.reshape(d_model, h, d_head))
    V = torch.einsum("...nc,che->...hne", X_kv, W_V.reshape(d_model, h, d_head))
    scores = torch.einsum("...hqe,...hke->...hqk", Q, K) / math.sqrt(d_head)
    if mask is not None:
        scores = torch.where(mask.unsqueeze(-3) != 0, scores, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    heads = torch.einsum("...hqk,...hke->...hqe", weights, V)
    out = torch.einsum("...hqe,hef->...qf", heads, W_O.reshape(h, d_head, d_model))
    return out, weights
