"""MISTAKE: Casts X and the weights to float32 "for precision" and returns the float32 products, so float16 inputs come back as float32 and float64 inputs lose precision, instead of keeping the input dtype.
FIX: Multiply the tensors as given, X @ W, which keeps their dtype.
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Xf = X.float()
    Q = Xf @ W_Q.float()
    K = Xf @ W_K.float()
    V = Xf @ W_V.float()
    return Q, K, V
