"""MISTAKE: Converts X and the weights with .float() before multiplying "so the matmul never sees integers", which silently turns float64 (and float16/bfloat16) inputs into float32 outputs. Only float32 inputs keep their dtype.
FIX: Multiply the tensors as they are so Q, K, V keep the input dtype.
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
