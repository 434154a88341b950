"""MISTAKE: Fuses the three matrices into one [d_model, 2*d_k + d_v] product and then splits it with chunk(3), which cuts three equal pieces and so returns wrong columns (and wrong widths) whenever d_v != d_k.
FIX: Split the fused result at the real widths, e.g. torch.split(QKV, [d_k, d_k, d_v], dim=-1), or do three separate products.
"""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    W_QKV = torch.cat([W_Q, W_K, W_V], dim=-1)
    QKV = X @ W_QKV
    Q, K, V = QKV.chunk(3, dim=-1)
    return Q, K, V
