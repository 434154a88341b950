"""MISTAKE: It casts X and the weights with `.float()` "to avoid dtype errors", so float64 (and float16/bfloat16) inputs come back as float32, losing precision and breaking the keep-the-dtype rule.
FIX: Drop the `.float()` casts and multiply the tensors as they are.
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
