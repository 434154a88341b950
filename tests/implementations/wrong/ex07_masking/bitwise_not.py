"""apply_mask uses ~mask, which only works for bool masks: a 0/1 float mask raises and an int one gives -1/-2.

Caught by: 0/1 masks of a non-bool dtype (float64, float32, int64); bool masks pass.

Cause: bitwise_not_mask
"""

import torch


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    return scores.masked_fill(~mask, float("-inf"))
