"""MISTAKE: causal_mask accepts `device` but never uses it, so the mask is always built on the CPU.
FIX: pass `device=device` to `torch.ones`.

Right for the default (CPU); a request for "meta" (or "cuda") still gets a CPU tensor.

Cause: ex07_ignores_device
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    mask = torch.ones(n, n, dtype=torch.bool)
    return torch.tril(mask)


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask == 0, float("-inf"))
