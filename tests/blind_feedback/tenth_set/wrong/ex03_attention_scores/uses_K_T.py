"""MISTAKE: Transposes the keys with K.T, which reverses all dimensions of a batched tensor instead of swapping the last two, so it only works for 2-D inputs and fails (or mixes batch and feature axes) for [..., n_k, d_k].
FIX: Swap only the last two dimensions: Q @ K.transpose(-2, -1) (or Q @ K.mT).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
