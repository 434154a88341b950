"""MISTAKE: V is computed as X @ W_K (copy-paste slip) instead of X @ W_V, so the values are the keys (and have width d_k instead of d_v).
FIX: Compute V = X @ W_V.

Cause: ex02_wrong_weight
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
    V = X @ W_K
    return Q, K, V
