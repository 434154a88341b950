"""MISTAKE: Ported from a codebase that folds the attention scaling into the query projection (q = q_proj(x) * d_k**-0.5), so Q comes back divided by sqrt(d_k) instead of being the plain projection X @ W_Q.
FIX: Return the unscaled projection Q = X @ W_Q; scaling belongs to the scoring step.
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    d_k = W_Q.shape[-1]
    Q = (X @ W_Q) * d_k ** -0.5
    K = X @ W_K
    V = X @ W_V
    return Q, K, V
