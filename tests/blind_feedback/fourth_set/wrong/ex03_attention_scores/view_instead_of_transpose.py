"""MISTAKE: "Transposes" K with reshape to [..., d_k, n_k], which has the right shape but reads the memory in the wrong order, so the columns are not the keys.
FIX: Use K.transpose(-2, -1) (or K.mT), which really swaps the two axes.
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    n_k, d_k = K.shape[-2], K.shape[-1]
    K_t = K.reshape(*K.shape[:-2], d_k, n_k)
    return Q @ K_t
