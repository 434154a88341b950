"""MISTAKE: the einsum subscripts hard-code exactly one batch dimension ("bnd"), so an unbatched [n, d_model] input or one with two or more leading dimensions raises an error.
FIX: use an ellipsis, "...nd,dk->...nk", or plain X @ W.
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
