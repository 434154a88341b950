"""MISTAKE: Folds the 1/sqrt(d_k) scaling into the query projection (as some implementations do), so Q is too small by a factor sqrt(d_k); this exercise asks for the plain projection X @ W_Q.
FIX: Return Q = X @ W_Q with no scaling; scaling belongs to exercise 04.
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
    Q = (X @ W_Q) / math.sqrt(d_k)
    K = X @ W_K
    V = X @ W_V
    return Q, K, V
