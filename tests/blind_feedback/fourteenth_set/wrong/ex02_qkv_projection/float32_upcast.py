"""MISTAKE: Casts X and the weights to float32 'for precision' and returns the float32 products, so float16 (or float64) inputs come back as float32 instead of keeping their dtype.
FIX: Multiply in the inputs' own dtype: Q = X @ W_Q etc., without .float().
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    X32 = X.float()
    Q = X32 @ W_Q.float()
    K = X32 @ W_K.float()
    V = X32 @ W_V.float()
    return Q, K, V
