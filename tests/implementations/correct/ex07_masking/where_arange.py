"""causal_mask from an arange comparison (key index <= query index); apply_mask with torch.where.

torch.where with a Python float keeps the scores' dtype; mask != 0 turns any 0/1 mask into bool.
"""

import torch


def causal_mask(n, device=None):
    idx = torch.arange(n, device=device)
    return idx.unsqueeze(0) <= idx.unsqueeze(1)


def apply_mask(scores, mask):
    return torch.where(mask != 0, scores, float("-inf"))
