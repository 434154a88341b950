"""MISTAKE: It transposes with K.transpose(1, 2), copied from [B, T, C] code, so it raises for unbatched 2-D inputs and swaps the wrong axes when there are two batch dimensions (e.g. [B, H, n, d]).
FIX: Index the axes from the end: K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.transpose(1, 2)
