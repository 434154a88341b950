"""MISTAKE: none (correct). Concatenates W_Q, W_K, W_V into one [d_model, 2*d_k + d_v] matrix, does a single matmul, and splits the result at the true widths with torch.split.
FIX: none
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    d_k, d_v = W_Q.shape[-1], W_V.shape[-1]
    fused = X @ torch.cat((W_Q, W_K, W_V), dim=-1)
    Q, K, V = torch.split(fused, [d_k, d_k, d_v], dim=-1)
    return Q, K, V
