"""apply_mask always unsqueezes the mask for a batch dim, growing unbatched scores.

Exposed by: Unbatched scores [n_q, n_k] with a [n_q, n_k] mask: result is [1, n_q, n_k].

Cause: ex07_extra_dim
"""

from __future__ import annotations

import math

import torch


def causal_mask(n, device=None):
    return torch.tril(torch.ones(n, n, dtype=torch.bool, device=device))

def apply_mask(scores, mask):
    mask = mask.unsqueeze(0)
    return torch.where(mask == 0, float("-inf"), scores)
