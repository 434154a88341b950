"""tiled_attention keeps its state in float32 for float16 inputs, as it should, but
returns output and lse as they are, in that float32: the results are never cast back to
Q's dtype. The values are right.

FIX: return out.to(Q.dtype), lse.to(Q.dtype).

Caught by: blind set 21 (ex13 w12); float16 with a mask over 3000 keys (output float32,
expected float16, its values the float32 state's own). float32 and float64 inputs pass.

Cause: ex13_not_cast_back
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
    """One tile of the online softmax: fold a tile's scores and values into the state."""
    dtype = m.dtype
    s = scores.to(dtype)
    v = V.to(dtype)
    m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
    # rows that have seen no allowed key yet stay at -inf: shift by 0 there (no -inf - -inf)
    m_shift = torch.where(m_new == float("-inf"), torch.zeros_like(m_new), m_new)
    alpha = torch.exp(m - m_shift)
    p = torch.exp(s - m_shift)
    l_new = l * alpha + p.sum(dim=-1, keepdim=True)
    acc_new = acc * alpha + p @ v
    return m_new, l_new, acc_new


def tiled_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
    tile: int = 64,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Exercise 08's output, walking over the keys in tiles with the online softmax."""
    n_q, d_k = Q.shape[-2], Q.shape[-1]
    n_k, d_v = K.shape[-2], V.shape[-1]
    acc_dtype = torch.float32 if Q.dtype in (torch.float16, torch.bfloat16) else Q.dtype
    batch = torch.broadcast_shapes(Q.shape[:-2], K.shape[:-2], V.shape[:-2])
    allowed = None
    if mask is not None:
        batch = torch.broadcast_shapes(batch, mask.shape[:-2])
        allowed = (mask != 0).expand(*batch, n_q, n_k)
    scale = 1.0 / math.sqrt(d_k)
    q = Q.to(acc_dtype)
    m = torch.full((*batch, n_q, 1), float("-inf"), dtype=acc_dtype, device=Q.device)
    l = torch.zeros((*batch, n_q, 1), dtype=acc_dtype, device=Q.device)
    acc = torch.zeros((*batch, n_q, d_v), dtype=acc_dtype, device=Q.device)
    for start in range(0, n_k, tile):
        stop = min(start + tile, n_k)
        k_tile = K[..., start:stop, :].to(acc_dtype)
        v_tile = V[..., start:stop, :].to(acc_dtype)
        s = (q @ k_tile.transpose(-2, -1)) * scale
        if allowed is not None:
            s = torch.where(allowed[..., start:stop], s, float("-inf"))
        m, l, acc = online_softmax_update(m, l, acc, s, v_tile)
    out = acc / l
    lse = (m + torch.log(l)).squeeze(-1)
    return out, lse
