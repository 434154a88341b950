"""MISTAKE: copy-paste slip: K is computed with W_Q instead of W_K, so K always equals Q.
FIX: compute `K = X @ W_K`.

Shapes are right (W_Q and W_K are both [d_model, d_k]), so only the values of K are
wrong; any case with W_K != W_Q shows it.

Cause: ex02_copy_paste
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    Q = X @ W_Q
    K = X @ W_Q
    V = X @ W_V
    return Q, K, V
