"""MISTAKE: causal_mask accepts `device` but never passes it to torch.ones, so the mask is always created on the CPU; with device="cuda" or "meta" it lands on the wrong device and fails against scores living there.
FIX: Pass it through: torch.ones(n, n, dtype=torch.bool, device=device).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
