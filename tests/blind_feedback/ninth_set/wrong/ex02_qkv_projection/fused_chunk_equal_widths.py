"""MISTAKE: Like nanoGPT's fused c_attn, it concatenates the three matrices, does one matmul and splits the result with `.chunk(3, dim=-1)`; chunk cuts equal pieces, so when d_v != d_k the columns land in the wrong output (wrong widths and values, or an unpacking error).
FIX: Split with the real widths, `.split([d_k, d_k, d_v], dim=-1)`, or do three separate products.
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
