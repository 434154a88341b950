"""CORRECT: Fuses the three matrices into one [d_model, 2*d_k + d_v] matrix, does a single matmul and splits the columns by their true widths."""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    W = torch.cat([W_Q, W_K, W_V], dim=1)
    widths = [W_Q.shape[1], W_K.shape[1], W_V.shape[1]]
    Q, K, V = torch.split(X @ W, widths, dim=-1)
    return Q, K, V
