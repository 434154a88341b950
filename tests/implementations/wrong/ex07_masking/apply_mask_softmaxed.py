"""apply_mask blocks the scores with -inf and then puts them through a softmax: the
blocked positions come back 0, the allowed ones as weights, instead of the masked scores.

Caught by: every apply_mask case.

Cause: scores_softmaxed
"""
import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))


def apply_mask(scores, mask):
    return torch.softmax(scores.masked_fill(mask == 0, float("-inf")), dim=-1)
