"""MISTAKE: Transposes K with K.T, which reverses every dimension of a batched tensor (batch dims included) instead of swapping only the last two.
FIX: Swap only the token and feature dims: Q @ K.transpose(-2, -1) (or Q @ K.mT).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
