"""MISTAKE: It transposes with K.T, which reverses every dimension of a batched K (and raises or mixes batch and feature axes), so only the unbatched 2-D case works.
FIX: Swap only the last two dims: Q @ K.transpose(-2, -1) or Q @ K.mT.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
