"""MISTAKE: the key line was copy-pasted from the query line and still multiplies by W_Q, so K equals Q (and has the wrong values whenever W_K differs from W_Q).
FIX: compute K = X @ W_K.
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
