"""MISTAKE: project_qkv uses the nn.Linear convention (W stored as [out, in]) in an einsum, which computes X @ W.T instead of X @ W.
FIX: Contract X's last dim with W's first dim: einsum('...nd,dk->...nk', X, W).
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = torch.einsum("...nd,kd->...nk", X, W_Q)
    K = torch.einsum("...nd,kd->...nk", X, W_K)
    V = torch.einsum("...nd,kd->...nk", X, W_V)
    return Q, K, V
