"""One explicit 2 x 2 rotation matrix per pair and position, applied with einsum; the
frequencies made with exp(-2i/d · ln base); the step's cache grown with torch.concat.
"""


from __future__ import annotations

import math

import torch


def apply_rope(x: torch.Tensor, positions: torch.Tensor, base: float = 10000.0) -> torch.Tensor:
    d = x.size(-1)
    if d % 2 == 1:
        raise ValueError(f"odd d: {d}")
    work = torch.float64 if x.dtype == torch.float64 else torch.float32
    i = torch.arange(d // 2, device=x.device, dtype=work)  # [d/2]
    inv = torch.exp(-2 * i / d * math.log(base))  # [d/2]
    ang = positions.to(device=x.device, dtype=work).unsqueeze(-1) * inv  # [..., n, d/2]
    c, s = ang.cos(), ang.sin()
    R = torch.stack([torch.stack([c, -s], -1), torch.stack([s, c], -1)], -2)  # [..., n, d/2, 2, 2]
    pairs = x.unflatten(-1, (d // 2, 2))  # [..., n, d/2, 2]
    return torch.einsum("...ij,...j->...i", R.to(x.dtype), pairs).flatten(-2)


def rope_attention_step(x_t, W_Q, W_K, W_V, cache=None, base: float = 10000.0):
    past_k, past_v = cache if cache is not None else (None, None)
    t = 0 if past_k is None else past_k.size(-2)
    where = torch.tensor([t], device=x_t.device)
    q = apply_rope(torch.matmul(x_t, W_Q), where, base)
    k = apply_rope(torch.matmul(x_t, W_K), where, base)
    v = torch.matmul(x_t, W_V)
    if past_k is not None:
        k = torch.concat([past_k, k], dim=-2)
        v = torch.concat([past_v, v], dim=-2)
    w = torch.softmax(torch.matmul(q, k.mT) / math.sqrt(q.size(-1)), dim=-1)
    return torch.matmul(w, v), (k, v)
