"""MISTAKE: The projections are computed correctly but returned as (Q, V, K), so the caller unpacks the values as keys and the keys as values; shapes are swapped when d_k != d_v and the contents are wrong even when they are equal.
FIX: Return the tuple in the order (Q, K, V).
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
