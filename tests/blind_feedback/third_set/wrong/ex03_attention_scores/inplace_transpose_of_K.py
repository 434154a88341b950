"""MISTAKE: attention_scores calls K.transpose_(-2, -1), which transposes the caller's K in place.
FIX: Use the out-of-place K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    K.transpose_(-2, -1)
    return Q @ K
