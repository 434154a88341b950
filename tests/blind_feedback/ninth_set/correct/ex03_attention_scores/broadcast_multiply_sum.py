"""CORRECT: Builds every (query, key) pair by broadcasting Q[..., :, None, :] against K[..., None, :, :] and sums the products over the feature axis, with no matmul or transpose."""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    pairs = Q.unsqueeze(-2) * K.unsqueeze(-3)
    return pairs.sum(dim=-1)
