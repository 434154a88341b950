"""MISTAKE: fuses the three projections into one matmul and splits the result with chunk(3), which assumes d_v == d_k; when d_v differs, the split boundaries are wrong and Q, K, V get the wrong widths and columns.
FIX: split with the real sizes, torch.split(QKV, [d_k, d_k, d_v], dim=-1).
"""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    W = torch.cat([W_Q, W_K, W_V], dim=1)
    Q, K, V = (X @ W).chunk(3, dim=-1)
    return Q, K, V
