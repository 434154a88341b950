"""MISTAKE: Fuses the three matrices nanoGPT-style and splits the product into pieces of width d_k, which assumes d_v == d_k; it happens to work when d_v <= d_k, but when d_v > d_k the split gives four pieces and the unpacking fails.
FIX: Split with the real widths, torch.split(QKV, [d_k, d_k, d_v], dim=-1), or do three separate products.

Cause: ex02_fused_split
"""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    d_k = W_Q.shape[1]
    W = torch.cat([W_Q, W_K, W_V], dim=1)
    Q, K, V = (X @ W).split(d_k, dim=-1)
    return Q, K, V
