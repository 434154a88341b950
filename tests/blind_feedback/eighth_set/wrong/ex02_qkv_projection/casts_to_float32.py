"""MISTAKE: It calls .float() on X and the weights before multiplying, so float64 (or float16/bfloat16) inputs come back as float32 and lose the input dtype (and float64 precision).
FIX: Multiply the tensors as they are, without .float(), so the outputs keep the input dtype.
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
