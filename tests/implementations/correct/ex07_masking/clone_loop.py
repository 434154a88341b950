"""Explicit loops: causal_mask fills rows one by one; apply_mask clones the scores and fills in place on the copy.
"""

import torch


def causal_mask(n, device=None):
    mask = torch.zeros(n, n, dtype=torch.bool, device=device)
    for i in range(n):
        mask[i, : i + 1] = True
    return mask


def apply_mask(scores, mask):
    out = scores.clone()
    blocked = (mask == 0).expand_as(out)
    out[blocked] = float("-inf")
    return out
