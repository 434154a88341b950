"""MISTAKE: attention_scores uses einsum('bqd,bkd->bqk'), which only works for exactly one batch dimension.
FIX: Use '...qd,...kd->...qk' so any number of leading dims works.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return torch.einsum("bqd,bkd->bqk", Q, K)
