"""MISTAKE: the four projections use torch.nn.functional.linear, which computes X @ W.T (nn.Linear's [out, in] weight layout), while the contract uses the row convention X @ W; with square weights nothing fails, but every projection uses the transposed matrix.
FIX: Project with X_q @ W_Q, X_kv @ W_K, X_kv @ W_V and merged @ W_O.
"""

from __future__ import annotations

import math

import torch
import torch.nn.functional as F


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    d_head = d_model // h
    return X.reshape(*X.shape[:-1], h, d_head).transpose(-3, -2)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    h, n, d_head = X.shape[-3:]
    return X.transpose(-3, -2).reshape(*X.shape[:-3], n, h * d_head)


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
    Q = split_heads(F.linear(X_q, W_Q), h)
    K = split_heads(F.linear(X_kv, W_K), h)
    V = split_heads(F.linear(X_kv, W_V), h)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask.unsqueeze(-3) == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return F.linear(merge_heads(weights @ V), W_O), weights
