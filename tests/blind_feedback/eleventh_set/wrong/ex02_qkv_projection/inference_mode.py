"""MISTAKE: runs the projections under torch.inference_mode() for speed, so Q, K and V are inference tensors cut off from autograd and no gradient can reach X or the weight matrices.
FIX: drop the inference_mode block and compute the products normally.
"""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    with torch.inference_mode():
        Q = X @ W_Q
        K = X @ W_K
        V = X @ W_V
    return Q, K, V
