"""apply_mask returns a copy of the scores and never applies the mask.

Caught by: any apply_mask case with a blocked position.

Cause: ex07_ignored
"""
import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores, mask):
    return scores.clone()
