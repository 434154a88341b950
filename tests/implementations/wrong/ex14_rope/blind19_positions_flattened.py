"""apply_rope flattens the positions with pos.view(-1, 1) before multiplying by the
frequencies, so positions with leading dimensions ([..., n]) make [N, d/2] angles that no
longer line up with x (a broadcast RuntimeError); 1-D positions work.

FIX: add the frequency axis at the end, positions[..., None] (or unsqueeze(-1)).

Caught by: blind set 19 (ex14 w10); apply_rope with two leading batch dimensions and
positions [3, 5].

Cause: ex14_positions_flattened
"""

from __future__ import annotations

import math

import torch


def apply_rope(
    x: torch.Tensor,
    positions: torch.Tensor,
    base: float = 10000.0,
) -> torch.Tensor:
    """Rotate each pair of adjacent features (2i, 2i+1) of x by the angle p · base**(-2i/d).

    Args:
        x:         [..., n, d]  queries or keys, d even.
        positions: integer tensor broadcastable to [..., n]: the position p of each row.
        base:      the base of the frequencies (10000 in RoFormer).

    Returns:
        [..., n, d], x rotated counter-clockwise pair by pair, in x's dtype.

    Raises:
        ValueError: d is odd.
    """
    d = x.shape[-1]
    if d % 2 != 0:
        raise ValueError(f"apply_rope needs an even feature size, got d = {d}")
    angle_dtype = torch.float64 if x.dtype == torch.float64 else torch.float32
    i = torch.arange(d // 2, dtype=angle_dtype, device=x.device)
    theta = base ** (-2 * i / d)                                   # [d/2]
    pos = positions.to(device=x.device, dtype=angle_dtype)
    angles = pos.view(-1, 1) * theta                               # [n, d/2]
    cos = torch.cos(angles).to(x.dtype)
    sin = torch.sin(angles).to(x.dtype)
    x_even = x[..., 0::2]
    x_odd = x[..., 1::2]
    y_even = x_even * cos - x_odd * sin
    y_odd = x_even * sin + x_odd * cos
    y = torch.stack((y_even, y_odd), dim=-1)                       # [..., n, d/2, 2]
    return y.flatten(-2)


def rope_attention_step(
    x_t: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    cache: tuple[torch.Tensor, torch.Tensor] | None = None,
    base: float = 10000.0,
) -> tuple[torch.Tensor, tuple[torch.Tensor, torch.Tensor]]:
    """Exercise 12's step with RoPE: the new token sits at position t, the cache length.

    Args:
        x_t:   [..., 1, d_model]  the newest token.
        W_Q:   [d_model, d_k]     (d_k even)
        W_K:   [d_model, d_k]
        W_V:   [d_model, d_v]
        cache: None (the first token), or (K_past [..., t, d_k] already rotated,
               V_past [..., t, d_v]).
        base:  the base of the frequencies, passed on to apply_rope.

    Returns:
        (out_t [..., 1, d_v], (K [..., t+1, d_k], V [..., t+1, d_v])): the keys rotated
        at their positions, the values not; the cache passed in is left unchanged.
    """
    t = 0 if cache is None else cache[0].shape[-2]
    pos = torch.tensor([t], device=x_t.device)
    q = apply_rope(x_t @ W_Q, pos, base)
    k = apply_rope(x_t @ W_K, pos, base)
    v = x_t @ W_V
    if cache is None:
        K, V = k, v
    else:
        K = torch.cat((cache[0], k), dim=-2)
        V = torch.cat((cache[1], v), dim=-2)
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.shape[-1])
    weights = torch.softmax(scores, dim=-1)
    return weights @ V, (K, V)
