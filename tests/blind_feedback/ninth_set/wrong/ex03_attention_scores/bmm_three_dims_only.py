"""MISTAKE: It uses torch.bmm with K.transpose(1, 2), which only accepts exactly 3-D tensors, so unbatched [n, d_k] inputs and inputs with two or more batch dimensions raise instead of returning scores.
FIX: Use `Q @ K.transpose(-2, -1)`, which supports any number of leading dims.
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.bmm(Q, K.transpose(1, 2))
