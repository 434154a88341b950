"""tiled_attention tiles the queries instead of the keys: each block of queries scores every key at once.

Caught by: the memory case with 64 queries and 2**18 keys.

Cause: ex13_full_scores
"""


from __future__ import annotations

import math

import torch


def online_softmax_update(
    m: torch.Tensor,
    l: torch.Tensor,
    acc: torch.Tensor,
    scores: torch.Tensor,
    V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """One tile of the online softmax: fold a tile's scores and values into the state.

    Args:
        m:      [..., n_q, 1]    the largest score seen so far (-inf at the start).
        l:      [..., n_q, 1]    sum of exp(score - m) so far (0 at the start).
        acc:    [..., n_q, d_v]  sum of exp(score - m) * v so far (0 at the start).
        scores: [..., n_q, t]    this tile's scaled scores, blocked keys at -inf.
        V:      [..., t, d_v]    this tile's values.

    Returns:
        (m', l', acc') in the state's dtype; a query whose keys in this tile are all
        blocked keeps its state exactly.
    """
    # 0) work in the state's dtype (float32 for float16 inputs).
    scores = scores.to(m.dtype)  # [..., n_q, t]
    V = V.to(acc.dtype)  # [..., t, d_v]
    # 1) the new running max.
    m_new = torch.maximum(m, scores.amax(dim=-1, keepdim=True))  # [..., n_q, 1]
    # 2) a row that has seen only blocked keys still has m_new = -inf: shift it by 0
    #    instead, so that exp gives 0 (never -inf - -inf = NaN).
    shift = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)  # [..., n_q, 1]
    # 3) the old sums, moved onto the new max (a factor of exactly 1 when it did not grow).
    alpha = torch.exp(m - shift)  # [..., n_q, 1]
    p = torch.exp(scores - shift)  # [..., n_q, t]
    l_new = l * alpha + p.sum(dim=-1, keepdim=True)  # [..., n_q, 1]
    acc_new = acc * alpha + p @ V  # [..., n_q, d_v]
    return m_new, l_new, acc_new


def tiled_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
    tile: int = 64,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Exercise 08's output, walking over the keys in tiles with the online softmax.

    Args:
        Q:    [..., n_q, d_k]  queries.
        K:    [..., n_k, d_k]  keys.
        V:    [..., n_k, d_v]  values.
        mask: optional, bool (True = may attend) or 0/1 of any dtype,
              broadcastable to [..., n_q, n_k].
        tile: how many keys one step takes (the last tile may be shorter).

    Returns:
        (output [..., n_q, d_v], lse [..., n_q]), in Q's dtype.
    """
    # 0) the state lives in float32 for half-precision inputs, else in the input's dtype.
    work = torch.float32 if Q.dtype in (torch.float16, torch.bfloat16) else Q.dtype
    n_q, n_k, d_k = Q.size(-2), K.size(-2), Q.size(-1)  # python ints
    # the batch dims, broadcast: those of a [..., 1, 1] corner of every input
    corner = Q[..., :1, :1] * K[..., :1, :1] * V[..., :1, :1]  # [..., 1, 1]
    if mask is not None:
        mask = mask.reshape((1,) * max(0, 2 - mask.dim()) + tuple(mask.shape))  # >= 2 dims
        corner = corner * mask[..., :1, :1].to(corner.dtype)  # [..., 1, 1]
    batch = corner.shape[:-2]
    if mask is not None:
        mask = mask.expand(*batch, n_q, n_k)  # [..., n_q, n_k], a view: no memory
    m = torch.full((*batch, n_q, 1), float("-inf"), dtype=work, device=Q.device)
    l = torch.zeros((*batch, n_q, 1), dtype=work, device=Q.device)
    acc = torch.zeros((*batch, n_q, V.size(-1)), dtype=work, device=Q.device)
    q = Q.to(work) / math.sqrt(d_k)  # [..., n_q, d_k], scaled once
    outs, lses = [], []
    for i in range(0, n_q, tile):
        s = q[..., i:i + tile, :] @ K.to(work).transpose(-2, -1)
        if mask is not None:
            s = s.masked_fill(mask[..., i:i + tile, :] == 0, float("-inf"))
        lses.append(torch.logsumexp(s, dim=-1))
        outs.append(torch.softmax(s, dim=-1) @ V.to(work))
    return torch.cat(outs, -2).to(Q.dtype), torch.cat(lses, -1).to(Q.dtype)
    # 1) one tile of keys at a time: only [..., n_q, tile] scores ever exist.
    for start in range(0, n_k, tile):
        k_t = K[..., start:start + tile, :].to(work)  # [..., t, d_k]
        v_t = V[..., start:start + tile, :]  # [..., t, d_v]
        scores = q @ k_t.transpose(-2, -1)  # [..., n_q, t]
        if mask is not None:
            blocked = mask[..., start:start + tile] == 0  # [..., n_q, t]
            scores = scores.masked_fill(blocked, float("-inf"))  # [..., n_q, t]
        m, l, acc = online_softmax_update(m, l, acc, scores, v_t)
    # 2) normalise once at the end, and the row's log-sum-exp.
    output = acc / l  # [..., n_q, d_v]
    lse = (m + torch.log(l)).squeeze(-1)  # [..., n_q]
    return output.to(Q.dtype), lse.to(Q.dtype)
