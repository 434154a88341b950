"""MISTAKE: K is transposed with K.transpose(0, 1), which swaps the last two dims only for 2-D input; with batch dims it swaps the batch and position axes instead.
FIX: Swap only the last two dims: Q @ K.transpose(-2, -1) (or K.mT).

Cause: transpose_first_axes
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.transpose(0, 1)
