"""Grouped-query attention by an einsum over [..., h_kv, group, ...]: the query heads split
into groups, each group with its own key/value head, no copy made. The output is put back
into [..., h_q, n_q, d_v], but the weights are returned as the einsum made them, still
[..., h_kv, group, n_q, n_k].

Caught by: every case that compares the weights. With 1 < h_kv < h_q the shape is that
grouping and nothing else (named); with h_kv = h_q or h_kv = 1 it is also the right
weights with an extra size-1 axis (both named, as candidates).

Cause: ex15_grouped_shape
"""


from __future__ import annotations

import math

import torch


def repeat_kv(X: torch.Tensor, n_rep: int) -> torch.Tensor:
    """Repeat each key/value head ``n_rep`` times in a row: output head j is head j // n_rep.

    Args:
        X:     [..., h_kv, n, d]  keys or values, one block per key/value head.
        n_rep: how many query heads share one key/value head (1 or more).

    Returns:
        [..., h_kv * n_rep, n, d]; equal to X when n_rep = 1. Raises ValueError when
        n_rep < 1.
    """
    # 0) a group has at least one query head.
    if n_rep < 1:
        raise ValueError(f"n_rep must be 1 or more, got {n_rep}")
    # 1) heads 0, 0, 1, 1, ... (each in a row), along the heads' axis counted from the end.
    return X.repeat_interleave(n_rep, dim=-3)  # [..., h_kv * n_rep, n, d]
def grouped_query_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Attention in which each group of query heads shares one key/value head.

    Args:
        Q:    [..., h_q, n_q, d_k]   queries, one block per query head.
        K:    [..., h_kv, n_k, d_k]  keys, one block per key/value head.
        V:    [..., h_kv, n_k, d_v]  values, as many heads as K.
        mask: optional, bool (True = may attend) or 0/1 of any dtype,
              broadcastable to [..., h_q, n_q, n_k].

    Returns:
        (output [..., h_q, n_q, d_v], weights [..., h_q, n_q, n_k]).
    """
    *batch, h_q, n_q, d_k = Q.shape
    h_kv, n_k = K.shape[-3], K.shape[-2]
    if V.shape[-3] != h_kv:
        raise ValueError(f"K has {h_kv} heads but V has {V.shape[-3]}")
    if h_q % h_kv != 0:
        raise ValueError(f"{h_kv} key/value heads cannot be shared by {h_q} query heads")
    group = h_q // h_kv
    q = Q.reshape(*batch, h_kv, group, n_q, d_k)  # [..., h_kv, g, n_q, d_k]
    scores = torch.einsum("...hgqd,...hkd->...hgqk", q, K) / math.sqrt(d_k)
    if mask is not None:  # to [..., h_q, n_q, n_k], then into the groups like Q
        full = torch.broadcast_shapes(mask.shape, (*batch, h_q, n_q, n_k))
        blocked = (mask == 0).expand(full).unflatten(-3, (h_kv, group))
        scores = scores.masked_fill(blocked, float("-inf"))
    weights = torch.softmax(scores, dim=-1)  # [..., h_kv, g, n_q, n_k]
    out = torch.einsum("...hgqk,...hkv->...hgqv", weights, V)  # [..., h_kv, g, n_q, d_v]
    return out.reshape(*out.shape[:-4], h_q, n_q, out.shape[-1]), weights
