"""Only K is repeated to the query heads; V keeps its h_kv heads.

Caught by: every grouped case with 1 < h_kv < h_q: `weights @ V` raises a broadcast error
(h_q against h_kv heads); with h_kv = 1 V broadcasts and those cases pass.

Cause: ex15_v_not_repeated
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
        (output [..., h_q, n_q, d_v], weights [..., h_q, n_q, n_k]); query head i uses
        key/value head i // (h_q // h_kv). Raises ValueError when K and V differ in
        heads or h_kv does not divide h_q.
    """
    # 0) the heads: K and V go together, and the query heads split into equal groups.
    h_q, h_kv = Q.size(-3), K.size(-3)  # python ints
    if V.size(-3) != h_kv:
        raise ValueError(f"K has {h_kv} heads but V has {V.size(-3)}")
    if h_q % h_kv != 0:
        raise ValueError(f"{h_kv} key/value heads cannot be shared by {h_q} query heads "
                         "evenly")
    n_rep = h_q // h_kv
    # 1) every query head gets its group's key/value head.
    K = repeat_kv(K, n_rep)  # [..., h_q, n_k, d_k]
    # 2) exercise 08 in every head, scaled by one head's width.
    scores = Q @ K.transpose(-2, -1) / math.sqrt(Q.size(-1))  # [..., h_q, n_q, n_k]
    # 3) the mask lines up with the scores as it is (no extra head axis, unlike 11).
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))  # [..., h_q, n_q, n_k]
    weights = torch.softmax(scores, dim=-1)  # [..., h_q, n_q, n_k]
    output = weights @ V  # [..., h_q, n_q, d_v]
    return output, weights
