"""MISTAKE: The einsum pattern 'bnd,dk->bnk' hard-codes exactly one batch dimension, so it raises for an unbatched X [n, d_model] and for X with two or more batch dimensions.
FIX: Use an ellipsis ('...nd,dk->...nk') or plain X @ W so any number of leading dims works.
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
