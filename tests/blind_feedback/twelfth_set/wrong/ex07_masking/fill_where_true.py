"""MISTAKE: apply_mask reads the mask as "True = masked out" and fills -inf where the mask is True/1, so allowed positions are blocked and blocked ones are kept (the opposite of the kit's convention).
FIX: Fill -inf where the mask is 0/False, i.e. scores.masked_fill(mask == 0, float("-inf")).
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    # the masked positions get -inf; .bool() so a 0/1 mask works as well
    return scores.masked_fill(mask.bool(), float("-inf"))
