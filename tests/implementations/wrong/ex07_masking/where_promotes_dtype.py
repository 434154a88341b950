"""apply_mask fills from a -inf tensor made in the mask's dtype, so a float64 mask turns float32 scores into float64.

Caught by: a float64 0/1 mask on float32 scores (output dtype float64) and integer 0/1
masks (full_like cannot put -inf in an int tensor); bool masks and masks already in the
scores' dtype pass.

Cause: inf_in_int
"""

import torch


def causal_mask(n, device=None):
    return torch.ones(n, n, dtype=torch.bool, device=device).tril()


def apply_mask(scores, mask):
    if mask.dtype == torch.bool:
        mask = mask.to(scores.dtype)
    blocked = torch.full_like(mask, float("-inf"))
    return torch.where(mask != 0, scores, blocked)
