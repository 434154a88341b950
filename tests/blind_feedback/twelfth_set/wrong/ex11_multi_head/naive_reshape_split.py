"""MISTAKE: split_heads uses the shortcut X.reshape(..., h, n, d_head), which has the right shape but cuts the flat memory in the wrong places (a "head" mixes rows of different tokens); merge_heads is its exact inverse, so the round trip still gives X back and hides it.
FIX: Reshape to [..., n, h, d_head] first, then transpose the n and h axes (and undo it the same way in merge_heads).
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    *batch, n, d_model = X.shape
    if d_model % h != 0:
        raise ValueError(f"h = {h} does not divide d_model = {d_model}")
    return X.reshape(*batch, h, n, d_model // h)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    *batch, h, n, d_head = X.shape
    return X.reshape(*batch, n, h * d_head)


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
    Q = split_heads(X_q @ W_Q, h)    # [..., h, n_q, d_head]
    K = split_heads(X_kv @ W_K, h)   # [..., h, n_k, d_head]
    V = split_heads(X_kv @ W_V, h)
    d_head = Q.size(-1)
    scores = Q @ K.transpose(-2, -1) / math.sqrt(d_head)
    if mask is not None:
        scores = scores.masked_fill((mask == 0).unsqueeze(-3), float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    out = merge_heads(weights @ V) @ W_O
    return out, weights
