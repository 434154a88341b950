"""CORRECT: split/merge use unflatten+movedim and movedim+flatten, and attention runs one head at a time in a Python loop over column slices, stacking the per-head weights.
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    if X.shape[-1] % h:
        raise ValueError("number of heads must divide d_model")
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
    d_model = W_Q.shape[1]
    if d_model % h:
        raise ValueError("number of heads must divide d_model")
    dh = d_model // h
    Q, K, V = X_q @ W_Q, X_kv @ W_K, X_kv @ W_V
    outs, ws = [], []
    for i in range(h):
        sl = slice(i * dh, (i + 1) * dh)
        s = Q[..., sl] @ K[..., sl].mT / math.sqrt(dh)
        if mask is not None:
            s = torch.where(mask != 0, s, float("-inf"))
        w = torch.softmax(s, dim=-1)
        ws.append(w)
        outs.append(w @ V[..., sl])
    return torch.cat(outs, dim=-1) @ W_O, torch.stack(ws, dim=-3)
