"""causal_mask ignores the device argument and always builds the mask on the CPU.

Caught by: causal_mask(n, device="meta") (the result is on cpu).

Cause: ex07_ignores_device
"""

import torch


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool).tril()


def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, float("-inf"))
