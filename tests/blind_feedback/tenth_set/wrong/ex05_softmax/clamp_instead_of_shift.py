"""MISTAKE: Avoids overflow by clamping the scores at 80 instead of subtracting the max, so all large scores are flattened to the same value: [100, 90] gives [0.5, 0.5] instead of about [1, 0]; small inputs are unaffected.
FIX: Shift by the max along dim, x - x.amax(dim=dim, keepdim=True), which keeps the differences between scores.
"""
from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    e = torch.exp(torch.clamp(x, max=80.0))
    return e / e.sum(dim=dim, keepdim=True)
