"""MISTAKE: X is flattened to 2-D for torch.mm and reshaped back with X.shape[0] and X.shape[1] as if it were always [B, n, d_model], which gives the wrong shape for an unbatched X and for two batch dimensions.
FIX: Reshape back with X.shape[:-1] + (width,), or just use X @ W, which handles any leading dims.

Cause: extra_size_one
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    B, n = X.shape[0], X.shape[1]
    flat = X.reshape(-1, X.shape[-1])
    Q = torch.mm(flat, W_Q).view(B, n, -1)
    K = torch.mm(flat, W_K).view(B, n, -1)
    V = torch.mm(flat, W_V).view(B, n, -1)
    return Q, K, V
