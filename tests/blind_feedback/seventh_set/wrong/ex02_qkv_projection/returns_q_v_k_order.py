"""MISTAKE: It returns the tuple as (Q, V, K) instead of (Q, K, V), so the caller's keys are really the values and vice versa (wrong shapes when d_v != d_k).
FIX: Return (Q, K, V) in that order.
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = X @ W_Q
    K = X @ W_K
    V = X @ W_V
    return Q, V, K
