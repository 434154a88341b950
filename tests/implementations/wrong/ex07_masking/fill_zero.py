"""apply_mask uses masked_fill, but fills the blocked positions with 0 instead of -inf.

Caught by: any apply_mask case (a 0 still gets weight exp(0) = 1 in a softmax).

Cause: ex07_zero_fill
"""
import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, 0.0)
