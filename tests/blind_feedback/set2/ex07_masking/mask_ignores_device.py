"""MISTAKE: causal_mask never uses its device argument (it builds a float tril and converts it), so the mask is always created on the CPU.
FIX: Create it with torch.ones(n, n, dtype=torch.bool, device=device) before torch.tril.

Cause: ex07_ignores_device
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n)).bool()


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
