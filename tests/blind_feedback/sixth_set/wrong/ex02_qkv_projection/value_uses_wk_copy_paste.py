"""MISTAKE: V is computed as X @ W_K (a copy-paste slip from the K line), so the values are just the keys again and W_V is ignored (and V has width d_k instead of d_v).
FIX: Compute V = X @ W_V.
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
