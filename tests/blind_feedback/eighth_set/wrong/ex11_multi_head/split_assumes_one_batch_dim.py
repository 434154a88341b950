"""MISTAKE: split_heads unpacks B, T, C = X.shape and uses transpose(1, 2), so it works only for exactly one batch dimension and fails for unbatched [n, d_model] or multi-batch inputs.
FIX: Keep the leading dims generic: X.reshape(*X.shape[:-1], h, d_head).transpose(-3, -2).
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    B, T, C = X.shape
    if C % h != 0:
        raise ValueError(f"h={h} does not divide d_model={C}")
    return X.view(B, T, h, C // h).transpose(1, 2)


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
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))
    if mask is not None:
        scores = scores.masked_fill(mask.unsqueeze(-3) == 0, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    heads = weights @ V
    return merge_heads(heads) @ W_O, weights
