"""MISTAKE: The scores use torch.bmm with K.transpose(1, 2) as in fairseq, which requires exactly 3-D tensors, so unbatched inputs or inputs with two batch dimensions raise.
FIX: Use Q @ K.transpose(-2, -1) (torch.matmul broadcasts over any leading dims).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.bmm(Q, K.transpose(1, 2))
