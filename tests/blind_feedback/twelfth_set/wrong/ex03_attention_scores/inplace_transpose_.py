"""MISTAKE: Uses the in-place K.transpose_(-2, -1), so the scores are right but the caller's K is left transposed ([..., d_k, n_k]) after the call; any later use of K (or a second call) breaks.
FIX: Use the out-of-place K.transpose(-2, -1), which returns a view and leaves K alone.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    K.transpose_(-2, -1)             # now [..., d_k, n_k]
    return Q @ K
