"""MISTAKE: The code follows the paper-style column-vector convention (W^T X^T)^T using .T, which is only right for a 2-D X; for a batched X the .T reverses all dimensions and the product fails or mixes batch and token axes.
FIX: Multiply on the right over the last dimension, X @ W, which works for any leading batch dimensions.
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = (W_Q.T @ X.T).T
    K = (W_K.T @ X.T).T
    V = (W_V.T @ X.T).T
    return Q, K, V
