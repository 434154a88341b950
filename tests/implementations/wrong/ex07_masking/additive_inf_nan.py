"""apply_mask adds (1 - mask) * -inf, but 0 * -inf is NaN, so every allowed position becomes NaN.

Caught by: any apply_mask case (allowed positions are NaN instead of the scores).

Cause: ex07_added_inf
"""

import torch


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    mask = mask.to(scores.dtype)
    return scores + (1 - mask) * float("-inf")
