"""MISTAKE: causal_mask accepts `device` but never passes it on, so the mask is always built on the CPU; asked for "meta" (or "cuda") it returns a CPU tensor that cannot be used with scores on that device.
FIX: Create the ones directly on the requested device: torch.ones(n, n, dtype=torch.bool, device=device).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    mask = torch.tril(torch.ones(n, n, dtype=torch.bool))
    return mask


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
