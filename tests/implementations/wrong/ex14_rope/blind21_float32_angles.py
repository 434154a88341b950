"""apply_rope always makes its frequencies and angles in float32, float64 x included: the
angles near 10,000 radians are rounded to about a thousandth of a radian.

FIX: angle_dtype = torch.float64 if x.dtype == torch.float64 else torch.float32.

Caught by: blind set 21 (ex14 w09); float64 x at positions up to 10,000 (every float32 and
float16 case passes).

Cause: ex14_float32_angles
"""


from __future__ import annotations

import math

import torch


def apply_rope(
    x: torch.Tensor,
    positions: torch.Tensor,
    base: float = 10000.0,
) -> torch.Tensor:
    """Rotate each pair of adjacent features (2i, 2i+1) of x by the angle p · base**(-2i/d)."""
    d = x.shape[-1]
    if d % 2 != 0:
        raise ValueError(f"apply_rope needs an even number of features, got d = {d}")
    angle_dtype = torch.float32
    i2 = torch.arange(0, d, 2, dtype=angle_dtype, device=x.device)   # 2i = 0, 2, 4, ...
    inv_freq = base ** (-i2 / d)                                      # [d/2]
    pos = positions.to(device=x.device, dtype=angle_dtype)
    angles = pos.unsqueeze(-1) * inv_freq                             # [..., n, d/2]
    cos = torch.cos(angles).to(x.dtype)
    sin = torch.sin(angles).to(x.dtype)
    x_even = x[..., 0::2]
    x_odd = x[..., 1::2]
    y_even = x_even * cos - x_odd * sin
    y_odd = x_even * sin + x_odd * cos
    return torch.stack((y_even, y_odd), dim=-1).flatten(-2)


def rope_attention_step(
    x_t: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
    cache: tuple[torch.Tensor, torch.Tensor] | None = None,
    base: float = 10000.0,
) -> tuple[torch.Tensor, tuple[torch.Tensor, torch.Tensor]]:
    """Exercise 12's step with RoPE: the new token sits at position t, the cache length."""
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
    out = torch.softmax(scores, dim=-1) @ V
    return out, (K, V)
