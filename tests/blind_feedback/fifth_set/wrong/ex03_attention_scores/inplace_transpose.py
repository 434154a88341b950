"""MISTAKE: Uses the in-place K.transpose_(-2, -1), which changes the caller's K tensor itself: the scores are right, but afterwards the caller's K has shape [..., d_k, n_k].
FIX: Use the out-of-place K.transpose(-2, -1) (or K.mT), which returns a view and leaves K alone.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.transpose_(-2, -1)
