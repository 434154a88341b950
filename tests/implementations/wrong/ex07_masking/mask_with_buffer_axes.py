"""causal_mask returns the triangle with two leading axes of size 1, [1, 1, n, n], the way a
model stores its mask buffer for [batch, heads, n, n] scores.

Caught by: causal_mask(4) (wrong shape; the values are the [n, n] mask with two axes added).

Cause: ex07_buffer_axes
"""

import torch


def causal_mask(n, device=None):
    lower = torch.ones(n, n, dtype=torch.bool, device=device).tril()
    return lower[None, None, :, :]


def apply_mask(scores, mask):
    return scores.masked_fill(mask == 0, float("-inf"))
