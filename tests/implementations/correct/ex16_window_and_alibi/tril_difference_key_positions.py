"""The window as the difference of two lower triangles (tril minus tril shifted down by
window), the slopes built with a loop, blocked scores at torch.finfo(dtype).min, and the
bias taken from the key's position alone, +slope * j, as the ALiBi authors' code adds it:
it differs from -slope * (i - j) by slope * i, the same for a whole row, and a softmax
ignores what a row shares. Scores with einsum.
"""

from __future__ import annotations

import math

import torch


def sliding_window_mask(n: int, window: int, device=None) -> torch.Tensor:
    if window < 1:
        raise ValueError("window must be >= 1")
    ones = torch.ones(n, n, dtype=torch.bool, device=device)
    return torch.tril(ones) & ~torch.tril(ones, diagonal=-window)


def alibi_slopes(h: int) -> torch.Tensor:
    if h < 1:
        raise ValueError("h must be >= 1")
    p = 1
    while p * 2 <= h:
        p *= 2
    slopes = []
    step = 2.0 ** (-8.0 / p)
    value = 1.0
    for _ in range(p):
        value *= step
        slopes.append(value)
    finer = 2.0 ** (-8.0 / (2 * p))
    for k in range(h - p):
        slopes.append(finer ** (2 * k + 1))  # positions 0, 2, 4, ... of the 2p list
    return torch.tensor(slopes, dtype=torch.float32)


def biased_causal_attention(Q, K, V, slopes=None, window=None):
    if window is not None and window < 1:
        raise ValueError("window must be >= 1")
    n = Q.shape[-2]
    scores = torch.einsum("...qd,...kd->...qk", Q, K) / math.sqrt(Q.shape[-1])
    if slopes is not None:
        keys = torch.arange(n, device=Q.device, dtype=Q.dtype)
        scores = scores + slopes.to(Q.device, Q.dtype).view(-1, 1, 1) * keys
    if window is None:
        allowed = torch.tril(torch.ones(n, n, dtype=torch.bool, device=Q.device))
    else:
        allowed = sliding_window_mask(n, window, device=Q.device)
    scores = scores.masked_fill(~allowed, torch.finfo(scores.dtype).min)
    weights = torch.softmax(scores, dim=-1)
    return torch.einsum("...qk,...kd->...qd", weights, V), weights
