"""MISTAKE: It calls .float() on the input and the weights 'to be safe', so float64 (or float16/bfloat16) inputs come back as float32 with changed precision.
FIX: Leave the dtypes alone and multiply the tensors as given.
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
