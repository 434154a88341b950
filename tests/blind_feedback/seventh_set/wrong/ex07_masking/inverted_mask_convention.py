"""MISTAKE: apply_mask fills where the mask is True (the Keras/"True = pad" convention), so it blocks exactly the allowed positions and keeps the blocked ones.
FIX: Fill where the mask is 0/False: scores.masked_fill(mask == 0, float("-inf")).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask.bool(), float("-inf"))

