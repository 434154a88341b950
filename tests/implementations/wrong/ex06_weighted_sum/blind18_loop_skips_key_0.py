"""MISTAKE: off-by-one loop over keys, range(1, n_k): key 0's value is never added
FIX: Loop over every key, `range(n_k)` (or simply `weights @ V`).

Cause: ex06_key_left_out
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    """Blend the value rows by the attention weights: [..., n_q, n_k] x [..., n_k, d_v] -> [..., n_q, d_v]."""
    n_k = V.shape[-2]
    out = weights[..., 0:1] * 0 * V[..., 0:1, :]        # zeros of the right shape
    for j in range(1, n_k):
        out = out + weights[..., j:j + 1] * V[..., j:j + 1, :]
    return out
