"""MISTAKE: Transposes K with K.T, which reverses ALL dimensions; it is right for a single [n_k, d_k] matrix but for a batched K it moves the batch axes to the end, so batched inputs fail or broadcast into a wrong result.
FIX: Swap only the last two dimensions: Q @ K.transpose(-2, -1) (or K.mT).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
