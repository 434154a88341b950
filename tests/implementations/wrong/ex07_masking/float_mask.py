"""causal_mask returns the seed's float 0/1 tril(ones) instead of a torch.bool tensor.

Caught by: the dtype check of causal_mask (float32, not torch.bool); the pattern is right.

Cause: ex07_not_bool
"""

import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, device=device))


def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, float("-inf"))
