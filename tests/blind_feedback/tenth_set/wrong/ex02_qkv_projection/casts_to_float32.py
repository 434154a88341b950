"""MISTAKE: Calls .float() on the input and the weights (to avoid dtype-mismatch errors), so float64 or float16 inputs come back as float32 and lose the input dtype.
FIX: Multiply the tensors as they are, without casting: Q = X @ W_Q, and so on.
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
