"""apply_mask blocks where the mask is True (the allowed positions) instead of where it is False.

Caught by: any apply_mask case with a mask that is not all one value.

Cause: ex07_inverted
"""

import torch


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    return scores.masked_fill(mask.bool(), float("-inf"))
