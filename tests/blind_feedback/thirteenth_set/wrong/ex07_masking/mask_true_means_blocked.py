"""MISTAKE: apply_mask fills -inf where the mask is True/1 (the "True = padding" convention of some other libraries), so the allowed positions are blocked and the blocked ones kept.
FIX: Fill -inf where the mask is 0/False: scores.masked_fill(mask == 0, float("-inf")).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(mask.bool(), float("-inf"))
