"""MISTAKE: casts X and the weights with .float() "to be safe", so float64 inputs come back as float32.
FIX: multiply the tensors as given; do not change their dtype.

Values are close to the reference for float32 input; a float64 input gives a float32
result (dtype changed, precision lost).

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
