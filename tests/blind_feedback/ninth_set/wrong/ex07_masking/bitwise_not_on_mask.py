"""MISTAKE: apply_mask inverts the mask with ~mask, which is only a logical NOT for torch.bool; on a 0/1 float mask ~ raises, and on a 0/1 integer mask it gives -2/-1, which masked_fill rejects as a non-bool mask.
FIX: Test the blocked entries with mask == 0, which works for bool and 0/1 masks of any dtype.
"""

from __future__ import annotations

import torch


def causal_mask(n: int, device=None) -> torch.Tensor:
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
    return scores.masked_fill(~mask, float("-inf"))
