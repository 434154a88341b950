"""project_qkv makes one product X @ [W_Q | W_K | W_V] and cuts it with chunk(3): three equal
pieces, right only when d_v == d_k.

Caught by: the case with d_v wider than d_k (4 and 7), where the pieces are 5, 5 and 5 wide.
From blind set 4 (it passed every case of that run: d_k 5 and d_v 3 give 13 columns, which
chunk(3) happens to cut as 5, 5, 3).

Cause: ex02_fused_chunk
"""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    W_QKV = torch.cat([W_Q, W_K, W_V], dim=-1)
    QKV = X @ W_QKV
    Q, K, V = QKV.chunk(3, dim=-1)
    return Q, K, V
