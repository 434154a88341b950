"""MISTAKE: The three projections are computed correctly but returned as (Q, V, K), so the caller's "K" is really the values and its "V" the keys.
FIX: Return the tuple in the documented order (Q, K, V).
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
    V = X @ W_V
    K = X @ W_K
    return Q, V, K
