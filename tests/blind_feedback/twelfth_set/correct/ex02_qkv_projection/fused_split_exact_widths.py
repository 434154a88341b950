"""CORRECT: Does all three projections in one fused product against the concatenated weights, then splits the result at the exact widths [d_k, d_k, d_v].
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
    return Q.contiguous(), K.contiguous(), V.contiguous()
