"""MISTAKE: Fuses the three matrices with torch.cat and splits the product with .chunk(3), which cuts equal widths; when d_v != d_k the boundaries are wrong (or fewer than 3 chunks come back), so K and V get the wrong columns.
FIX: Split the fused product at the real widths [d_k, d_k, d_v] (or just do three separate matmuls).
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    W = torch.cat([W_Q, W_K, W_V], dim=-1)
    QKV = X @ W
    Q, K, V = QKV.chunk(3, dim=-1)
    return Q, K, V
