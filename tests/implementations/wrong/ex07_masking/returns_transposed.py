"""apply_mask returns the masked scores transposed ([..., n_k, n_q]).

Caught by: any apply_mask case with n_q != n_k.

Cause: last_two_swapped
"""
import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, float("-inf")).transpose(-2, -1)
