"""MISTAKE: applies a pre-LayerNorm to X before projecting (as in a Transformer block), so every row is normalised first and Q, K, V differ from X @ W unless the rows already have mean 0 and variance 1.
FIX: project the raw input: Q = X @ W_Q, K = X @ W_K, V = X @ W_V.

Cause: ex02_layer_norm
"""
from __future__ import annotations

import torch
import torch.nn.functional as F


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    X = F.layer_norm(X, X.shape[-1:])
    return X @ W_Q, X @ W_K, X @ W_V
