"""MISTAKE: the einsum subscripts hard-code exactly one batch dimension ("bnd,dk->bnk") instead of using "...".
FIX: write `torch.einsum("...nd,dk->...nk", X, W)` (or just `X @ W`).

Correct for X [B, n, d_model]; raises for an unbatched X [n, d_model] and for two batch
dimensions.

Cause: einsum_fixed_dims
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = torch.einsum("bnd,dk->bnk", X, W_Q)
    K = torch.einsum("bnd,dk->bnk", X, W_K)
    V = torch.einsum("bnd,dk->bnk", X, W_V)
    return Q, K, V
