"""MISTAKE: Fuses the three projections into one product with the concatenated weights and splits it with chunk(3), which assumes d_k == d_v. When d_v differs from d_k the three pieces get wrong widths and mix query, key and value columns.
FIX: Split the fused result at the real widths, torch.split(..., [d_k, d_k, d_v], dim=-1), or do three separate products.
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # one big matmul is faster than three small ones
    W = torch.cat([W_Q, W_K, W_V], dim=-1)        # [d_model, 2*d_k + d_v]
    QKV = X @ W
    Q, K, V = QKV.chunk(3, dim=-1)
    return Q, K, V
