"""causal_mask uses triu instead of tril, so each position may attend only to itself and the future.

Caught by: any causal_mask case with n > 1.

Cause: ex07_triu
"""

import torch


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).triu()


def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, float("-inf"))
