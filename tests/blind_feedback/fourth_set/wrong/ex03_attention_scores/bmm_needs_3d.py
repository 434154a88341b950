"""MISTAKE: Uses torch.bmm with K.transpose(1, 2), which only accepts exactly one batch dimension, so unbatched and multi-batch inputs fail.
FIX: Use Q @ K.transpose(-2, -1) (torch.matmul broadcasts over any leading dims).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.bmm(Q, K.transpose(1, 2))
