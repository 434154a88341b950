"""MISTAKE: X and the weights are cast with .float() before multiplying (to dodge dtype-mismatch errors), so float64 (or half) inputs come back as float32 and lose precision.
FIX: Multiply the tensors as given so Q, K, V keep X's dtype.
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
