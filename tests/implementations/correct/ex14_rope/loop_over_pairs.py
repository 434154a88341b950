"""A Python loop over the pairs, each column computed on its own and the columns stacked;
positions turned to float with .double() or .float(); the step's weights from exp and sum.
"""


from __future__ import annotations

import math

import torch


def apply_rope(x: torch.Tensor, positions: torch.Tensor, base: float = 10000.0) -> torch.Tensor:
    d = x.shape[-1]
    if d % 2 != 0:
        raise ValueError("the last dimension of x must be even")
    p = positions.double() if x.dtype == torch.float64 else positions.float()
    p = p.to(x.device)
    columns = []
    for i in range(d // 2):
        angle = p * math.pow(base, -2.0 * i / d)  # [..., n]
        c, s = torch.cos(angle).to(x.dtype), torch.sin(angle).to(x.dtype)
        a, b = x[..., 2 * i], x[..., 2 * i + 1]
        columns.append(a * c - b * s)
        columns.append(a * s + b * c)
    return torch.stack(columns, dim=-1)


def rope_attention_step(x_t, W_Q, W_K, W_V, cache=None, base: float = 10000.0):
    n_past = 0 if cache is None else int(cache[0].shape[-2])
    pos = torch.full(x_t.shape[:-1], n_past, dtype=torch.int64, device=x_t.device)
    q = apply_rope(x_t @ W_Q, pos, base)
    k = apply_rope(x_t @ W_K, pos, base)
    v = x_t @ W_V
    keys = k if cache is None else torch.cat([cache[0], k], dim=-2)
    values = v if cache is None else torch.cat([cache[1], v], dim=-2)
    s = (q @ keys.transpose(-1, -2)) / math.sqrt(k.shape[-1])
    e = torch.exp(s - s.amax(-1, keepdim=True))
    return (e / e.sum(-1, keepdim=True)) @ values, (keys, values)
