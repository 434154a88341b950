"""MISTAKE: uses torch.bmm with K.transpose(1, 2), which only works for exactly one batch dimension.
FIX: use `Q @ K.transpose(-2, -1)`, which handles any number of leading dimensions.

Correct for [B, n, d] inputs; raises for unbatched [n, d] inputs and for two batch
dimensions.

Cause: bmm_fixed_transpose
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.bmm(Q, K.transpose(1, 2))
