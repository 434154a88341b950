"""The head counts are taken from dim 1, h_q = Q.shape[1] and h_kv = K.shape[1], as code
written for [B, h, n, d] does; repeat_kv itself is right. With one batch dimension dim 1
is the heads and all is well; without a batch it holds n_q and n_k (4 and 7 in the cases:
the file's own ValueError), and with two batch dimensions it holds the second batch size
for both, so n_rep comes out 1 and K meets Q with its h_kv heads.

Caught by: the unbatched cases (a ValueError on valid inputs, no cause) and the case with
two batch dimensions (a broadcast error in Q @ Kᵀ, named: the same heads flattened to one
batch dimension give the right result, and without a batch the ValueError again).

Cause: ex15_heads_from_dim1
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
    # 0) the heads, read where [B, h, n, d] keeps them (dim 1).
    h_q, h_kv = Q.shape[1], K.shape[1]
    if V.shape[1] != h_kv:
        raise ValueError(f"K has {h_kv} heads, V has {V.shape[1]}")
    if h_q % h_kv:
        raise ValueError(f"{h_q} query heads do not split into groups of {h_kv}")
    group = h_q // h_kv
    # 1) each key/value head copied once per query head of its group.
    K, V = repeat_kv(K, group), repeat_kv(V, group)
    # 2) scaled scores, the mask, a softmax, the weighted values.
    scores = torch.matmul(Q, K.mT) / math.sqrt(Q.shape[-1])
    if mask is not None:
        scores = scores.masked_fill(mask == 0, float("-inf"))
    weights = scores.softmax(dim=-1)
    return torch.matmul(weights, V), weights
