"""MISTAKE: It reads 'QᵀK' literally and computes Q.transpose(-2, -1) @ K, which contracts over the tokens instead of the features: it raises unless n_q == n_k and then returns a [..., d_k, d_k] matrix instead of [..., n_q, n_k].
FIX: Contract over the feature axis: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q.transpose(-2, -1) @ K
