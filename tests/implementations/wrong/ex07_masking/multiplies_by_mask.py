"""apply_mask multiplies the scores by the mask, which gives 0 (not -inf) at blocked positions.

Caught by: any apply_mask case with a blocked position (a 0 score still gets weight after
softmax); a float64 mask on float32 scores also changes the dtype.

Cause: ex07_zero_fill
"""

import torch


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    return scores * mask
