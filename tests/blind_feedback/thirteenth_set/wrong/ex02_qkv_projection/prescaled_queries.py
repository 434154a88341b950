"""MISTAKE: Copies the trick of some libraries that fold the 1/sqrt(d_k) scaling into the query projection, so the returned Q is X @ W_Q divided by sqrt(d_k) instead of the plain projection (and exercise 04 will scale it a second time).
FIX: Return the unscaled Q = X @ W_Q; scaling belongs to the scores step.
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
