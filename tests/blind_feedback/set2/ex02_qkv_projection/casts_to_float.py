"""MISTAKE: X and the weights are cast with .float() before the matmuls, so float64 or float16 inputs return float32 Q, K, V.
FIX: Drop the .float() casts and multiply the tensors in their own dtype.

Cause: dtype_cast
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    X = X.float()
    Q = X @ W_Q.float()
    K = X @ W_K.float()
    V = X @ W_V.float()
    return Q, K, V
