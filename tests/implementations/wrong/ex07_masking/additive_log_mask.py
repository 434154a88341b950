"""apply_mask adds torch.log(mask) without casting the mask.

Exposed by: float64 0/1 mask on float32 scores: output promoted to float64.

Cause: ex07_mask_arithmetic
"""

from __future__ import annotations

import math

import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))

def apply_mask(scores, mask):
    return scores + torch.log(mask)
