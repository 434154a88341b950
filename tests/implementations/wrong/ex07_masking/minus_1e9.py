"""apply_mask writes -1e9 at blocked positions; 07 must return exactly float("-inf").

Caught by: any apply_mask case with a blocked position (-1e9 is fine inside 08-10, not here).

Cause: ex07_finite_fill
"""

import torch


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, -1e9)
