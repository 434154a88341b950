"""CORRECT: Splits with torch.stack(X.split(d_head, -1), -3) and merges with torch.cat(X.unbind(-3), -1) instead of reshape/transpose, and runs all heads with einsum.
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    d_model = X.shape[-1]
    if h <= 0 or d_model % h:
        raise ValueError(f"{h} heads cannot split d_model = {d_model}")
    return torch.stack(X.split(d_model // h, dim=-1), dim=-3)


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
    Q = split_heads(X_q @ W_Q, h)
    K = split_heads(X_kv @ W_K, h)
    V = split_heads(X_kv @ W_V, h)
    scores = torch.einsum("...hqd,...hkd->...hqk", Q, K) / math.sqrt(Q.shape[-1])
    if mask is not None:
        blocked = mask == 0
        while blocked.dim() < 2:
            blocked = blocked.unsqueeze(0)
        scores = scores.masked_fill(blocked.unsqueeze(-3), float("-inf"))
    weights = scores.softmax(dim=-1)
    heads = torch.einsum("...hqk,...hkd->...hqd", weights, V)
    return merge_heads(heads) @ W_O, weights
