"""MISTAKE: Uses K.T, which reverses ALL dimensions of a batched tensor; right for a plain [n_k, d_k] matrix, but with batch dims it errors or multiplies the wrong axes.
FIX: Swap only the last two dims: Q @ K.transpose(-2, -1).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
