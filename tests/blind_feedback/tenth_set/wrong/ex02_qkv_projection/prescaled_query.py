"""MISTAKE: Divides Q by sqrt(d_k) right after the projection (the fairseq/HuggingFace "q * scaling" habit), so the returned Q is not X @ W_Q but 1/sqrt(d_k) times it.
FIX: Return the plain projection Q = X @ W_Q; the scaling belongs to exercise 04.
"""
from __future__ import annotations

import math

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    d_k = W_Q.shape[-1]
    Q = (X @ W_Q) / math.sqrt(d_k)
    K = X @ W_K
    V = X @ W_V
    return Q, K, V
