"""MISTAKE: Divides Q and K by sqrt(d_k) already at projection time, mixing the later scaling step into this one (and over-scaling by a factor d_k in total once exercise 04 divides again). Q and K are wrong for every d_k > 1; only V is right.
FIX: Return the plain projections X @ W_Q, X @ W_K, X @ W_V; scaling belongs to the scores.
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
    scale = math.sqrt(d_k)          # keep dot products from getting too large
    Q = (X @ W_Q) / scale
    K = (X @ W_K) / scale
    V = X @ W_V
    return Q, K, V
