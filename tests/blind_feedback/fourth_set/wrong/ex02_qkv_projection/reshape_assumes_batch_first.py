"""MISTAKE: Flattens X to 2-D for the product and then restores the shape as (X.shape[0], -1, width), which is right only for exactly one batch dim; an unbatched input gains a dimension and two batch dims get merged.
FIX: Restore the shape with X.shape[:-1] + (width,), or skip the flattening and write X @ W.
"""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    flat = X.reshape(-1, X.shape[-1])
    Q = (flat @ W_Q).reshape(X.shape[0], -1, W_Q.shape[1])
    K = (flat @ W_K).reshape(X.shape[0], -1, W_K.shape[1])
    V = (flat @ W_V).reshape(X.shape[0], -1, W_V.shape[1])
    return Q, K, V
