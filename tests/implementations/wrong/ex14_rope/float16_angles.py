"""The angles, cos and sin are computed in x's dtype: in float16 at positions in the
thousands they are off by radians.

Caught by: the float16 case at positions 3000..3007.

Cause: ex14_float16_angles
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
    d = x.size(-1)  # python int
    if d % 2 != 0:
        raise ValueError(f"apply_rope needs an even number of features, got d = {d}")
    # 0) angles in float64 for float64 x, else float32 (float16 cannot hold p * θ).
    work = x.dtype
    # 1) one frequency per pair i: base ** (-2i / d), 2i = 0, 2, 4, ..., d - 2.
    two_i = torch.arange(0, d, 2, dtype=work, device=x.device)  # [d/2]
    freqs = base ** (-two_i / d)  # [d/2]
    # 2) one angle per position and pair.
    angles = positions.to(device=x.device, dtype=work).unsqueeze(-1) * freqs  # [..., n, d/2]
    cos = torch.cos(angles).to(x.dtype)  # [..., n, d/2]
    sin = torch.sin(angles).to(x.dtype)  # [..., n, d/2]
    # 3) each pair (x[2i], x[2i+1]) turned counter-clockwise, in x's dtype.
    a, b = x[..., 0::2], x[..., 1::2]  # [..., n, d/2] each
    y_even = a * cos - b * sin  # [..., n, d/2]
    y_odd = a * sin + b * cos  # [..., n, d/2]
    # 4) the pairs back side by side: y[2i] = y_even[i], y[2i+1] = y_odd[i].
    return torch.stack([y_even, y_odd], dim=-1).flatten(-2)  # [..., n, d]


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
    # 1) the new token's position: how many tokens came before it.
    t = 0 if cache is None else cache[0].size(-2)  # python int
    pos = torch.full((1,), t, dtype=torch.long, device=x_t.device)  # [1]
    # 2) project, then rotate the query and the key at t (never the value).
    q = apply_rope(x_t @ W_Q, pos, base)  # [..., 1, d_k]
    k = apply_rope(x_t @ W_K, pos, base)  # [..., 1, d_k]
    v = x_t @ W_V  # [..., 1, d_v]
    # 3) the cache keeps rotated keys: append the new ones, rotate nothing again.
    if cache is None:
        K, V = k, v  # [..., 1, d_k], [..., 1, d_v]
    else:
        K = torch.cat([cache[0], k], dim=-2)  # [..., t+1, d_k]
        V = torch.cat([cache[1], v], dim=-2)  # [..., t+1, d_v]
    # 4) exercise 12's attention: every cached key is in the past, no mask.
    scores = q @ K.transpose(-2, -1) / math.sqrt(q.size(-1))  # [..., 1, t+1]
    weights = torch.softmax(scores, dim=-1)  # [..., 1, t+1]
    out_t = weights @ V  # [..., 1, d_v]
    return out_t, (K, V)
