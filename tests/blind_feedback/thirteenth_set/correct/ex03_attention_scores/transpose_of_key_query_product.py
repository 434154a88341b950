"""MISTAKE: none (correct). It computes the key-by-query table K Qᵀ and transposes that back, using (K Qᵀ)ᵀ = Q Kᵀ, with mT so only the last two dims swap.
FIX: none
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.matmul(K, Q.mT).mT
