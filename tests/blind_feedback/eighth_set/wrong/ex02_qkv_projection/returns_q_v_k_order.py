"""MISTAKE: The function returns the projections as (Q, V, K) instead of (Q, K, V), so the caller's K is the value projection and its V the key projection (wrong values, and wrong widths when d_k != d_v).
FIX: Return the tuple in the documented order: return Q, K, V.
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
