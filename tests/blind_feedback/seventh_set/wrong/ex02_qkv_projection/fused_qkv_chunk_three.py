"""MISTAKE: Ported from nanoGPT's fused c_attn, it concatenates the three matrices and splits the product with chunk(3), which assumes d_k == d_v and slices Q, K and V at the wrong columns otherwise.
FIX: Split the fused product at [d_k, d_k, d_v] (e.g. .split([d_k, d_k, d_v], dim=-1)) or just do three separate matmuls.
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
    qkv = X @ W
    Q, K, V = qkv.chunk(3, dim=-1)
    return Q, K, V
