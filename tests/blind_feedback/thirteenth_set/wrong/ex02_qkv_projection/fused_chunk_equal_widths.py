"""MISTAKE: Fuses the three projections into one matmul and splits the result with chunk(3), which assumes d_k == d_v; when d_v differs the three pieces get the wrong widths (Q and K spill into each other) or chunk returns fewer than three parts.
FIX: Split the fused product at the real widths, split([d_k, d_k, d_v], dim=-1), or do three separate matmuls.
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
    Q, K, V = (X @ W).chunk(3, dim=-1)
    return Q, K, V
