"""MISTAKE: Q is multiplied by d_k ** -0.5 right after the projection (the fairseq habit of folding the attention scaling into q), so the returned queries are not X @ W_Q.
FIX: Return the plain projection Q = X @ W_Q; the scaling belongs to exercise 04.
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    scaling = W_Q.shape[-1] ** -0.5
    Q = (X @ W_Q) * scaling
    K = X @ W_K
    V = X @ W_V
    return Q, K, V
