"""MISTAKE: The einsum subscripts "nd,dk->nk" hard-code a 2-D X, so any input with leading batch dimensions raises an error. It only works for a single sentence [n, d_model].
FIX: Use an ellipsis for the batch dims ("...nd,dk->...nk") or simply X @ W.
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
    V = torch.einsum("nd,dv->nv", X, W_V)
    return Q, K, V
