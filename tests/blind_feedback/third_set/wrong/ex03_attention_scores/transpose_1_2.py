"""MISTAKE: attention_scores transposes K with transpose(1, 2), which is only the last two dims for 3-D input and swaps the wrong dims (or fails) otherwise.
FIX: Transpose with negative indices: K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.transpose(1, 2)
