"""apply_mask uses masked_fill_ (in place), overwriting the caller's scores.

Caught by: the inputs-left-unchanged check (the returned values are right).

Cause: in_place_line
"""

import torch


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    return scores.masked_fill_(mask == 0, float("-inf"))
