"""MISTAKE: Casts X and the weights to float32 with .float() "to avoid dtype mismatches", so a float64 input comes back as float32 (losing precision and changing the dtype).
FIX: Multiply the tensors as given so the output keeps the input dtype.
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
