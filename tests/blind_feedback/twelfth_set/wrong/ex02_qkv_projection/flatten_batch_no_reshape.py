"""MISTAKE: Flattens all batch dimensions into one to do a plain 2-D product but never reshapes the result back, so a batched X [B, n, d_model] gives Q, K, V of shape [B*n, d_k]. Correct only for unbatched [n, d_model] input.
FIX: Let @ broadcast over the leading dims (X @ W_Q), or reshape the result back to X.shape[:-1] + (d_k,).
"""

from __future__ import annotations

import torch


def project_qkv(
    X: torch.Tensor,
    W_Q: torch.Tensor,
    W_K: torch.Tensor,
    W_V: torch.Tensor,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    # treat every token of every sentence as one row of a big matrix
    X2 = X.reshape(-1, X.shape[-1])               # [B*n, d_model]
    Q = X2 @ W_Q
    K = X2 @ W_K
    V = X2 @ W_V
    return Q, K, V
