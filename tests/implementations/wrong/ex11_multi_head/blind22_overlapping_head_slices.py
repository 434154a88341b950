"""MISTAKE: a per-head loop slices the columns as Q[..., i:i+d_head] (a step of 1, not i*d_head): the heads overlap and the columns beyond h - 1 + d_head are never used.
FIX: Head i owns columns i*d_head to (i+1)*d_head - 1: Q[..., i*d_head:(i+1)*d_head].

Caught by: blind set 22 (every output and weights case with h > 1).

Cause: ex11_overlapping_heads
"""

from __future__ import annotations

import math

import torch


def split_heads(X: torch.Tensor, h: int) -> torch.Tensor:
    """Cut the last dimension into h heads of d_model // h contiguous columns.

    Args:
        X: [..., n, d_model]
        h: the number of heads; it must divide d_model (ValueError otherwise).

    Returns:
        [..., h, n, d_head], where [..., i, :, :] is X[..., i*d_head:(i+1)*d_head].
    """
    d_model = X.size(-1)
    if d_model % h != 0:
        raise ValueError(f"h={h} does not divide d_model={d_model}")
    d_head = d_model // h
    X = X.reshape(*X.shape[:-1], h, d_head)   # [..., n, h, d_head]
    return X.transpose(-3, -2)                 # [..., h, n, d_head]


def merge_heads(X: torch.Tensor) -> torch.Tensor:
    """The inverse of split_heads: put the heads side by side again.

    Args:
        X: [..., h, n, d_head]

    Returns:
        [..., n, h * d_head], head i filling columns i*d_head .. (i+1)*d_head - 1.
    """
    h, n, d_head = X.shape[-3:]
    X = X.transpose(-3, -2)                    # [..., n, h, d_head]
    return X.reshape(*X.shape[:-2], h * d_head)


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
    """h heads of scaled dot-product attention, merged and mixed by W_O.

    Args:
        X_q:  [..., n_q, d_model]  the sequence that asks (the queries).
        X_kv: [..., n_k, d_model]  the sequence that is read (keys and values);
              pass the same tensor twice for self-attention.
        W_Q, W_K, W_V, W_O: [d_model, d_model]  (row convention: Q = X_q @ W_Q).
        h:    the number of heads; it must divide d_model.
        mask: optional, bool (True = may attend) or 0/1 of any dtype, broadcastable
              to [..., n_q, n_k]; the same for every head.

    Returns:
        (output [..., n_q, d_model], weights [..., h, n_q, n_k]).
    """
    d_model = X_q.size(-1)
    if d_model % h != 0:
        raise ValueError("h must divide d_model")
    d_head = d_model // h
    Q, K, V = X_q @ W_Q, X_kv @ W_K, X_kv @ W_V
    if mask is not None:
        mask = mask.unsqueeze(-3)
    outs, ws = [], []
    for i in range(h):
        q = Q[..., i:i + d_head]
        k = K[..., i:i + d_head]
        v = V[..., i:i + d_head]
        s = q @ k.transpose(-2, -1) / math.sqrt(d_head)
        if mask is not None:
            s = s.masked_fill(mask[..., 0, :, :] == 0, float("-inf"))
        w = torch.softmax(s, dim=-1)
        outs.append(w @ v)
        ws.append(w)
    weights = torch.stack(ws, dim=-3)
    return torch.cat(outs, dim=-1) @ W_O, weights
