"""MISTAKE: multi_head_attention divides the per-head scores by √d_model instead of √d_head, so with h > 1 every head's softmax is too flat by a factor √h.
FIX: Scale by math.sqrt(d_model // h), the width of the vectors a head really multiplies.
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    return X.reshape(*X.shape[:-1], h, d_model // h).transpose(-3, -2)


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    Xt = X.transpose(-3, -2)
    return Xt.reshape(*Xt.shape[:-2], Xt.size(-2) * Xt.size(-1))


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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(X_q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask.unsqueeze(-3) == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    heads = weights @ V
    return merge_heads(heads) @ W_O, weights
