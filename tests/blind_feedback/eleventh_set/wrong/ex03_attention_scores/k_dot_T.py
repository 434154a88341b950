"""MISTAKE: transposes K with K.T, which reverses all dimensions of a batched tensor; it works for 2-D inputs but raises or gives garbage as soon as there are leading batch dimensions.
FIX: swap only the last two dimensions: Q @ K.transpose(-2, -1) (or K.mT).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
