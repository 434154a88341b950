"""tiled_attention divides the scores by sqrt(d_v), the width of V, instead of sqrt(d_k),
the width of the queries and keys that meet in each score.

FIX: scale by math.sqrt(Q.size(-1)).

Caught by: blind set 19 (ex13 w13); any case with d_k != d_v (n_q=4, n_k=7, d_k=5, d_v=3).

Cause: attn_scale_d_v
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
    scores = scores.to(m.dtype)
    V = V.to(m.dtype)
    m_new = torch.maximum(m, scores.amax(dim=-1, keepdim=True))
    # a row that has only seen blocked keys still has m_new = -inf: shift by 0 there
    m_safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
    alpha = torch.exp(m - m_safe)
    p = torch.exp(scores - m_safe)
    l_new = l * alpha + p.sum(dim=-1, keepdim=True)
    acc_new = acc * alpha + p @ V
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
    acc_dtype = torch.float32 if Q.dtype == torch.float16 else Q.dtype
    n_q, d_k = Q.shape[-2], Q.shape[-1]
    n_k, d_v = K.shape[-2], V.shape[-1]
    batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2])
    if mask is not None:
        batch = torch.broadcast_shapes(batch, mask.shape[:-2])
        mask = mask.expand(*batch, n_q, n_k)

    m = torch.full((*batch, n_q, 1), float("-inf"), dtype=acc_dtype, device=Q.device)
    l = torch.zeros((*batch, n_q, 1), dtype=acc_dtype, device=Q.device)
    acc = torch.zeros((*batch, n_q, d_v), dtype=acc_dtype, device=Q.device)

    q = Q.to(acc_dtype)
    scale = math.sqrt(d_v)
    for start in range(0, n_k, tile):
        end = min(start + tile, n_k)
        k_tile = K[..., start:end, :].to(acc_dtype)
        v_tile = V[..., start:end, :]
        s = q @ k_tile.transpose(-2, -1) / scale
        if mask is not None:
            s = s.masked_fill(mask[..., start:end] == 0, float("-inf"))
        m, l, acc = online_softmax_update(m, l, acc, s, v_tile)

    out = acc / l
    lse = m.squeeze(-1) + torch.log(l.squeeze(-1))
    return out.to(Q.dtype), lse.to(Q.dtype)
