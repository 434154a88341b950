"""MISTAKE: Does the products in numpy and converts back with torch.from_numpy, which detaches the results from autograd (no gradient reaches X or the W matrices) and moves them to the CPU.
FIX: Stay in torch: Q = X @ W_Q, K = X @ W_K, V = X @ W_V.
"""
from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    x = X.detach().cpu().numpy()
    Q = torch.from_numpy(x @ W_Q.detach().cpu().numpy())
    K = torch.from_numpy(x @ W_K.detach().cpu().numpy())
    V = torch.from_numpy(x @ W_V.detach().cpu().numpy())
    return Q, K, V
