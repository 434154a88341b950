"""MISTAKE: Writes the projection as einsum('bnd,dk->bnk'), which assumes exactly one batch dimension; an unbatched [n, d_model] input or one with two batch dims raises an error.
FIX: Use X @ W (or einsum with '...nd,dk->...nk') so any number of leading dims works.
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
