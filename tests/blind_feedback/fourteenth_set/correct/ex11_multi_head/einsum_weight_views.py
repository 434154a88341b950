"""MISTAKE: none (correct). split/merge use unflatten/movedim/flatten, and multi_head_attention never splits activations: it views each weight matrix per head (W_Q as [d_model, h, d_head], W_O as [h, d_head, d_model]) and does the projections, scores, blend and output mix with torch.einsum.
FIX: none
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    if X.shape[-1] % h:
        raise ValueError(f"{h} heads do not divide d_model = {X.shape[-1]}")
    return X.unflatten(-1, (h, X.shape[-1] // h)).movedim(-2, -3)


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
    if d_model % h:
        raise ValueError(f"{h} heads do not divide d_model = {d_model}")
    d_head = d_model // h
    per_head = lambda W: W.reshape(d_model, h, d_head)
    Q = torch.einsum("...nm,mhe->...hne", X_q, per_head(W_Q))
    K = torch.einsum("...nm,mhe->...hne", X_kv, per_head(W_K))
    V = torch.einsum("...nm,mhe->...hne", X_kv, per_head(W_V))
    scores = torch.einsum("...hqe,...hke->...hqk", Q, K) / math.sqrt(d_head)
    if mask is not None:
        allowed = (mask != 0).unsqueeze(-3)
        scores = torch.where(allowed, scores, torch.full_like(scores, float("-inf")))
    weights = torch.softmax(scores, dim=-1)
    heads = torch.einsum("...hqk,...hke->...hqe", weights, V)
    output = torch.einsum("...hqe,hem->...qm", heads, W_O.reshape(h, d_head, d_model))
    return output, weights
