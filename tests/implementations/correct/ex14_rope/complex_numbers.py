"""Each pair read as one complex number x[2i] + i·x[2i+1] (torch.view_as_complex) and
multiplied by e^(iθ) (torch.polar), in float32 (float64 for float64 x); the step takes its
position with torch.arange and attends with einsum.
"""


from __future__ import annotations

import math

import torch


def apply_rope(x: torch.Tensor, positions: torch.Tensor, base: float = 10000.0) -> torch.Tensor:
    d = x.shape[-1]
    if d % 2:
        raise ValueError("apply_rope: d must be even, got %d" % d)
    work = torch.float64 if x.dtype == torch.float64 else torch.float32
    freqs = 1.0 / base ** (torch.arange(0, d, 2, device=x.device, dtype=work) / d)  # [d/2]
    angles = positions.to(x.device, work)[..., None] * freqs  # [..., n, d/2]
    turn = torch.polar(torch.ones_like(angles), angles)  # [..., n, d/2] complex
    z = torch.view_as_complex(x.to(work).reshape(*x.shape[:-1], d // 2, 2).contiguous())
    return torch.view_as_real(z * turn).flatten(-2).to(x.dtype)  # [..., n, d]


def rope_attention_step(x_t, W_Q, W_K, W_V, cache=None, base: float = 10000.0):
    t = 0 if cache is None else cache[0].shape[-2]
    pos = torch.arange(t, t + 1, device=x_t.device)  # [1]
    q = apply_rope(torch.einsum("...nd,de->...ne", x_t, W_Q), pos, base)
    k = apply_rope(torch.einsum("...nd,de->...ne", x_t, W_K), pos, base)
    v = torch.einsum("...nd,de->...ne", x_t, W_V)
    K = k if cache is None else torch.cat((cache[0], k), -2)
    V = v if cache is None else torch.cat((cache[1], v), -2)
    scores = torch.einsum("...qd,...kd->...qk", q, K) / q.shape[-1] ** 0.5
    return torch.einsum("...qk,...kd->...qd", scores.softmax(-1), V), (K, V)
