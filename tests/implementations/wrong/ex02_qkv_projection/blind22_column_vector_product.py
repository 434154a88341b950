"""MISTAKE: project_qkv uses the column-vector convention, Q = W_Q.mT @ X.mT, and never transposes back: the result is (X @ W_Q)ᵀ, [..., d_k, n].
FIX: With one token per row of X the projection is `X @ W_Q` (and so for K and V).

Caught by: blind set 22 (every case: the last two dimensions are swapped, and the values are those of (X @ W)ᵀ).

Cause: ex02_product_transposed
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # each token as a column vector: q = W^T x
    Q = W_Q.mT @ X.mT
    K = W_K.mT @ X.mT
    V = W_V.mT @ X.mT
    return Q, K, V
