"""torch.broadcast_shapes for the leading dimensions of Q, K, V and the mask, key tiles walked
from the last one to the first, blocked entries guarded with torch.where (blind set 19: a
correct file once refused, because broadcast_shapes imports sympy on first use in a worker).
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
    s = scores.to(m.dtype)
    m_new = torch.maximum(m, s.amax(dim=-1, keepdim=True))
    # where the maximum did not move the old sums need no rescaling (this also covers
    # -inf == -inf, so a fully blocked row never meets -inf - -inf)
    one = torch.ones((), dtype=m.dtype, device=m.device)
    alpha = torch.where(m == m_new, one, torch.exp(m - m_new))
    zero = torch.zeros((), dtype=m.dtype, device=m.device)
    p = torch.where(s == float("-inf"), zero, torch.exp(s - m_new))
    return m_new, l * alpha + p.sum(dim=-1, keepdim=True), acc * alpha + p @ V.to(m.dtype)


def tiled_attention(
    Q: torch.Tensor,
    K: torch.Tensor,
    V: torch.Tensor,
    mask: torch.Tensor | None = None,
    tile: int = 64,
) -> tuple[torch.Tensor, torch.Tensor]:
    """Exercise 08's output, walking over the keys in tiles with the online softmax."""
    work = torch.float32 if Q.dtype == torch.float16 else Q.dtype
    n_q, n_k, d_v = Q.shape[-2], K.shape[-2], V.shape[-1]
    lead = [Q.shape[:-2], K.shape[:-2], V.shape[:-2]]
    if mask is not None:
        lead.append(mask.shape[:-2])
    batch = torch.broadcast_shapes(*lead)
    allowed = None
    if mask is not None:
        allowed = (mask != 0).expand(*batch, n_q, n_k)

    m = torch.full((*batch, n_q, 1), float("-inf"), dtype=work, device=Q.device)
    l = torch.zeros((*batch, n_q, 1), dtype=work, device=Q.device)
    acc = torch.zeros((*batch, n_q, d_v), dtype=work, device=Q.device)

    Qw = Q.to(work)
    scale = 1.0 / math.sqrt(Q.shape[-1])
    starts = list(range(0, n_k, tile))
    for start in reversed(starts):  # the order of the tiles does not matter
        stop = min(start + tile, n_k)
        Kt = K[..., start:stop, :].to(work)
        s = (Qw @ Kt.transpose(-1, -2)) * scale
        if allowed is not None:
            s = torch.where(allowed[..., start:stop], s, torch.full((), float("-inf"), dtype=work, device=Q.device))
        m, l, acc = online_softmax_update(m, l, acc, s, V[..., start:stop, :])

    out = acc / l
    lse = (m + torch.log(l)).squeeze(-1)
    return out.to(Q.dtype), lse.to(Q.dtype)
