"""MISTAKE: Writes the einsum with a fixed batch letter, "bqd,bkd->bqk", so it only accepts exactly one batch dimension and raises for unbatched [n, d_k] inputs or for two or more leading dimensions.
FIX: Use an ellipsis for the batch dims, torch.einsum("...qd,...kd->...qk", Q, K), or Q @ K.transpose(-2, -1).
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.einsum("bqd,bkd->bqk", Q, K)
