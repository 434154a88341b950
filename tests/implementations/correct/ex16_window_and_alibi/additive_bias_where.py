"""One additive bias per head, made with torch.where: -slope * |i - j| where a key is
allowed (the absolute distance is the same thing under the causal mask) and -inf where it
is blocked, added to the scores in one step. The slopes are made with torch.pow on a range
and joined with torch.cat, following the rule's recursion on 2p; the window compares a row
of key positions with each query's lowest key.
"""

from __future__ import annotations

import math

import torch


def sliding_window_mask(n: int, window: int, device=None) -> torch.Tensor:
    if window < 1:
        raise ValueError(f"a window of {window} keys is not allowed")
    keys = torch.arange(n, device=device).unsqueeze(0)      # [1, n]
    queries = torch.arange(n, device=device).unsqueeze(1)   # [n, 1]
    return (keys <= queries) & (keys > queries - window)


def _power_slopes(m: int) -> torch.Tensor:
    k = torch.arange(1, m + 1, dtype=torch.float64)
    return torch.pow(2.0, -8.0 * k / m)


def _slopes(h: int) -> torch.Tensor:
    if math.log2(h).is_integer():
        return _power_slopes(h)
    p = 2 ** math.floor(math.log2(h))
    return torch.cat([_power_slopes(p), _slopes(2 * p)[0::2][: h - p]])


def alibi_slopes(h: int) -> torch.Tensor:
    if h < 1:
        raise ValueError(f"{h} heads")
    return _slopes(h).float()


def biased_causal_attention(Q, K, V, slopes=None, window=None):
    if window is not None and window < 1:
        raise ValueError(f"a window of {window} keys is not allowed")
    n, d_k = Q.shape[-2], Q.shape[-1]
    pos = torch.arange(n, device=Q.device)
    distance = (pos.unsqueeze(1) - pos.unsqueeze(0)).abs().to(Q.dtype)
    if window is None:
        allowed = pos.unsqueeze(0) <= pos.unsqueeze(1)
    else:
        allowed = sliding_window_mask(n, window, device=Q.device)
    if slopes is None:
        penalty = torch.zeros(1, n, n, dtype=Q.dtype, device=Q.device)
    else:
        penalty = -slopes.to(dtype=Q.dtype, device=Q.device).reshape(-1, 1, 1) * distance
    bias = torch.where(allowed, penalty, torch.tensor(float("-inf"), dtype=Q.dtype,
                                                      device=Q.device))
    weights = torch.softmax(torch.matmul(Q, K.transpose(-1, -2)) / math.sqrt(d_k) + bias, -1)
    return torch.matmul(weights, V), weights
