"""MISTAKE: Uses einsum('bqd,bkd->bqk'), which requires exactly one batch dimension; unbatched [n, d_k] inputs or inputs with two batch dims (e.g. [B, h, n, d_k]) raise an error.
FIX: Use Q @ K.transpose(-2, -1) (or einsum with '...qd,...kd->...qk').
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.einsum("bqd,bkd->bqk", Q, K)
