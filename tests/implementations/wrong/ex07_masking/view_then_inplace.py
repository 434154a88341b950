"""apply_mask takes a view (thinking it copies) and fills it in place, aliasing the caller's scores.

Exposed by: Inputs-unchanged check: the caller's scores now contain -inf (the result also aliases the input).

Cause: in_place
"""

from __future__ import annotations

import math

import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))

def apply_mask(scores, mask):
    out = scores.view(scores.shape)
    out.masked_fill_(mask == 0, float("-inf"))
    return out
