"""MISTAKE: project_qkv casts X and the weights to float32, so float64 or float16 inputs come back as float32.
FIX: Do not call .float(); multiply the tensors as they are.
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
