"""apply_mask fills with torch.finfo(scores.dtype).min, a finite number, not exactly -inf.

Caught by: any apply_mask case (exercise 07 asks for exactly float('-inf')).

Cause: ex07_finite_fill
"""
import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, torch.finfo(scores.dtype).min)
