"""MISTAKE: split_heads uses the shortcut X.reshape(..., h, n, d_head), which has the right shape but cuts the flat memory in the wrong places: each "head" gets rows mixed from several tokens instead of one block of columns of every token.
FIX: Reshape the last dimension to [h, d_head] first, then move the head axis in front of the positions: X.reshape(..., n, h, d_head).transpose(-3, -2).
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    *batch, n, d_model = X.shape
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    return X.reshape(*batch, h, n, d_model // h)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    Y = X.transpose(-3, -2)
    return Y.reshape(*Y.shape[:-2], Y.size(-2) * Y.size(-1))


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
        scores = scores.masked_fill(mask.unsqueeze(-3) == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    return merge_heads(weights @ V) @ W_O, weights
