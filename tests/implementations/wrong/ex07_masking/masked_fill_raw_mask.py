"""apply_mask passes 1 - mask to masked_fill, which wants a bool mask.

Caught by: 0/1 float or int masks (masked_fill refuses them); bool masks raise too.

Cause: bool_mask_needed
"""
import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores, mask):
    return scores.masked_fill(1 - mask, float("-inf"))
