"""MISTAKE: Flattens the tokens to [B*n, d_model], projects, and reshapes back with X.shape[0], X.shape[1]: it assumes exactly one batch dimension, so an unbatched [n, d_model] input or a [B1, B2, n, d_model] input fails or comes back in the wrong shape.
FIX: Let @ broadcast over any leading dimensions (X @ W), or reshape back to X.shape[:-1] + (width,).
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    B, n = X.shape[0], X.shape[1]
    flat = X.reshape(-1, X.shape[-1])
    Q = (flat @ W_Q).reshape(B, n, -1)
    K = (flat @ W_K).reshape(B, n, -1)
    V = (flat @ W_V).reshape(B, n, -1)
    return Q, K, V
