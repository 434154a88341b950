"""MISTAKE: Uses K.transpose_(-2, -1), the in-place version: the scores are right, but the caller's K is left transposed (and a K that requires grad raises an error).
FIX: Use the out-of-place K.transpose(-2, -1) (or K.mT).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    K.transpose_(-2, -1)
    return Q @ K
