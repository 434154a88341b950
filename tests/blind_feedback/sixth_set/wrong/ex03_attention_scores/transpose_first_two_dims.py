"""MISTAKE: K is transposed with transpose(0, 1), which is right only for 2-D keys; with batch dimensions it swaps the batch axis with the token axis, so batched inputs fail or give garbage.
FIX: Swap only the last two axes: K.transpose(-2, -1) (or K.mT).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.transpose(0, 1)
