"""MISTAKE: Fuses the three weights into one [d_model, 2*d_k + d_v] matrix (GPT-2 style c_attn) and splits the product with chunk(3), which cuts three equal pieces; when d_v != d_k the pieces straddle the Q/K/V boundaries and have the wrong widths.
FIX: Split the fused product at the true widths, e.g. torch.split(QKV, [d_k, d_k, d_v], dim=-1), or project with the three weights separately.
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
