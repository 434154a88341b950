"""MISTAKE: none (correct). split_heads is written with unflatten and movedim, merge_heads with movedim and flatten, and multi_head_attention runs an explicit Python loop over the heads on column slices, stacking the per-head weights and concatenating the per-head outputs.
FIX: none
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.shape[-1]
    if h <= 0 or d_model % h:
        raise ValueError(f"{h} heads do not divide d_model = {d_model}")
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
    d_model = W_Q.shape[-1]
    if d_model % h:
        raise ValueError(f"{h} heads do not divide d_model = {d_model}")
    d_head = d_model // h
    Q, K, V = X_q @ W_Q, X_kv @ W_K, X_kv @ W_V
    outs, all_weights = [], []
    for i in range(h):
        cols = slice(i * d_head, (i + 1) * d_head)
        s = Q[..., cols] @ K[..., cols].transpose(-2, -1) / math.sqrt(d_head)
        if mask is not None:
            s = torch.where(mask == 0, float("-inf"), s)
        w = torch.softmax(s, dim=-1)
        all_weights.append(w)
        outs.append(w @ V[..., cols])
    return torch.cat(outs, dim=-1) @ W_O, torch.stack(all_weights, dim=-3)
