"""MISTAKE: Copy-paste slip: K is computed with W_Q instead of W_K, so the keys equal the queries and W_K is never used.
FIX: Compute K = X @ W_K.
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
    K = X @ W_Q
    V = X @ W_V
    return Q, K, V
