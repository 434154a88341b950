"""MISTAKE: Projections are written in column-vector form (W.T @ X.T).T using .T, which reverses all dimensions, so it is only right for an unbatched 2-D X and breaks for X with batch dimensions.
FIX: Multiply on the right over the last dimension: Q = X @ W_Q (likewise K, V).

Cause: two_d_only
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = (W_Q.T @ X.T).T
    K = (W_K.T @ X.T).T
    V = (W_V.T @ X.T).T
    return Q, K, V
