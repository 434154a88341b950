"""MISTAKE: The three matrices are fused nanoGPT-style and the result is split with chunk(3), which assumes d_v == d_k, so when d_v differs the column boundaries are wrong and Q, K, V get mixed-up columns.
FIX: Split the fused product at the real widths, e.g. qkv.split([d_k, d_k, d_v], dim=-1), or do three separate products.
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
    qkv = X @ W
    Q, K, V = qkv.chunk(3, dim=-1)
    return Q, K, V
