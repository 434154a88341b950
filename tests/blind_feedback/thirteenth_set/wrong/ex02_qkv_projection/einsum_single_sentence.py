"""MISTAKE: The einsum subscripts 'nd,dk->nk' hard-code a single sentence [n, d_model], so any input with leading batch dimensions ([B, n, d_model], [B, H, n, d_model]) raises an error.
FIX: Use '...nd,dk->...nk' or plain X @ W, which work for any number of leading dims.
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = torch.einsum("nd,dk->nk", X, W_Q)
    K = torch.einsum("nd,dk->nk", X, W_K)
    V = torch.einsum("nd,dk->nk", X, W_V)
    return Q, K, V
