"""causal_mask uses tril(-1), which also blocks the diagonal, so a position cannot attend to itself.

Caught by: any causal_mask case (the diagonal is False; row 0 is fully blocked).

Cause: ex07_no_diagonal
"""

import torch


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril(-1)


def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, float("-inf"))
