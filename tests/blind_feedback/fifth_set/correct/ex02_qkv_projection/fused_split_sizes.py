"""CORRECT: Fuses the three weights into one matrix, does a single product, and splits it at the true widths [d_k, d_k, d_v] with torch.split."""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    W = torch.cat([W_Q, W_K, W_V], dim=-1)
    Q, K, V = torch.split(X @ W, [W_Q.size(-1), W_K.size(-1), W_V.size(-1)], dim=-1)
    return Q, K, V
