"""MISTAKE: transposes K with K.T, which reverses ALL dimensions of a batched tensor, not just the last two.
FIX: use `K.transpose(-2, -1)` (or `K.mT`).

Correct for 2-D Q and K; with batch dimensions it raises a shape error (or, if sizes
happen to line up, mixes batch items).

Cause: two_d_only
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
