"""MISTAKE: Following fairseq's habit of pre-scaling queries, it multiplies Q by 1/sqrt(d_k) inside the projection, so the returned Q is not X @ W_Q (and later scaling would be applied twice).
FIX: Return the plain projection Q = X @ W_Q; scaling belongs to exercise 04.
"""

from __future__ import annotations

import math

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    d_k = W_Q.shape[-1]
    Q = (X @ W_Q) * (1.0 / math.sqrt(d_k))
    K = X @ W_K
    V = X @ W_V
    return Q, K, V
