"""causal_mask creates the mask on 'meta' when no device is given (the default is the CPU).

Caught by: any causal_mask case without a device (the mask is not on the CPU).

Cause: wrong_device
"""
import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device or "meta"))


def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, float("-inf"))
