"""causal_mask returns the blocked positions (True = blocked), the complement of the mask.

Caught by: any causal_mask case.

Cause: causal_complement
"""
import torch


def causal_mask(n, device=None):
    return torch.triu(torch.ones(n, n, dtype=torch.bool, device=device), diagonal=1)


def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, float("-inf"))
