"""MISTAKE: attention_scores computes K @ Qᵀ, giving the transposed table [..., n_k, n_q].
FIX: Compute Q @ Kᵀ so rows are queries and columns are keys.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.matmul(K, Q.transpose(-2, -1))
