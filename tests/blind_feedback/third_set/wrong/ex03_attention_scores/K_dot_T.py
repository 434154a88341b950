"""MISTAKE: attention_scores uses K.T, which reverses every dimension of a batched K instead of swapping only the last two.
FIX: Use K.transpose(-2, -1) or K.mT.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
