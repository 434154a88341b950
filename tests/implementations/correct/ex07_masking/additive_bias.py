"""Additive bias: 0 where allowed and -inf where blocked, added to the scores; causal_mask via triu + logical_not.

The bias is built in the scores' dtype, so a float64 mask never promotes float32 scores.
"""

import torch


def causal_mask(n, device=None):
    above = torch.ones(n, n, dtype=torch.bool, device=device).triu(diagonal=1)
    return above.logical_not()


def apply_mask(scores, mask):
    bias = torch.zeros(mask.shape, dtype=scores.dtype, device=scores.device)
    bias = bias.masked_fill(mask == 0, float("-inf"))
    return scores + bias
