"""MISTAKE: Returns the tuple as (Q, V, K) instead of (Q, K, V), so the caller gets the values where it expects the keys (and shapes d_v / d_k swapped when they differ).
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
