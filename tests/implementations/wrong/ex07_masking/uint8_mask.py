"""causal_mask builds a uint8 mask (old-PyTorch habit).

Exposed by: dtype check: must be torch.bool.

Cause: ex07_not_bool
"""

from __future__ import annotations

import math

import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.uint8, device=device))

def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, float("-inf"))
