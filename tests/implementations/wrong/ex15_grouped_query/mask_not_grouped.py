"""Grouped-query attention without copies: Q viewed as [..., h_kv, group, n_q, d_k] and K,
V given a group axis of size 1, so broadcasting pairs each group with its key/value head;
the output and weights are flattened back to h_q heads. But the mask is applied to the
grouped scores as it came: one without heads ([n_q, n_k], [n_k]) broadcasts the same way
and is right; one with a head axis does not line up.

Caught by: a mask per query head [6, 4, 7] and per sequence and head [2, 6, 4, 7] (broadcast
errors against [h_kv, group]), and a padding mask [2, 1, 4, 7] (no error: sequence b's
mask lands on key/value group b, named by its values).

Cause: ex15_mask_not_grouped
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
    h_q, h_kv = Q.size(-3), K.size(-3)
    if V.size(-3) != h_kv:
        raise ValueError(f"K has {h_kv} heads but V has {V.size(-3)}")
    if h_q % h_kv != 0:
        raise ValueError(f"{h_kv} key/value heads cannot be shared by {h_q} query heads")
    # 1) the query heads in groups; K and V broadcast over each group.
    q = Q.unflatten(-3, (h_kv, h_q // h_kv))  # [..., h_kv, g, n_q, d_k]
    k = K[..., None, :, :].transpose(-2, -1)  # [..., h_kv, 1, d_k, n_k]
    scores = q @ k / math.sqrt(Q.size(-1))  # [..., h_kv, g, n_q, n_k]
    # 2) the mask, straight onto the grouped scores.
    if mask is not None:
        scores = torch.where(mask != 0, scores, float("-inf"))
    weights = torch.softmax(scores, dim=-1)  # [..., h_kv, g, n_q, n_k]
    out = weights @ V[..., None, :, :]  # [..., h_kv, g, n_q, d_v]
    return out.flatten(-4, -3), weights.flatten(-4, -3)
