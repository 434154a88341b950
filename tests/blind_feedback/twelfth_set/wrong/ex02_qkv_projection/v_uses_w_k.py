"""MISTAKE: A copy-paste slip computes V with W_K instead of W_V, so V is a copy of K. It shows whenever W_V differs from W_K, and V even gets width d_k instead of d_v when the two widths differ.
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
