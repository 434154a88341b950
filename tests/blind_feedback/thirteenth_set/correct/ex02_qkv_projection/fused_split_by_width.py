"""MISTAKE: none (correct). The three weight matrices are concatenated along the output axis, X is projected once, and the product is split back at the true widths [d_k, d_k, d_v].
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
    widths = [W_Q.shape[-1], W_K.shape[-1], W_V.shape[-1]]
    fused = torch.matmul(X, torch.cat((W_Q, W_K, W_V), dim=-1))
    Q, K, V = torch.split(fused, widths, dim=-1)
    return Q, K, V
