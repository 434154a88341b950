"""MISTAKE: It transposes Q instead of K (Qᵀ @ K), which contracts over the token axis and returns a [d_k, d_k] feature table (or raises when n_q != n_k) instead of query-key dot products.
FIX: Transpose K's last two dims: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q.transpose(-2, -1) @ K
