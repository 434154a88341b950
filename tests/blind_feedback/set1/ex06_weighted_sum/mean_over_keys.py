"""MISTAKE: averages the weighted value rows (mean over keys) instead of summing them, dividing the result by n_k.
FIX: sum over the key axis (or use `weights @ V`).

Any input with n_k > 1 shows it: every output is the right one divided by n_k.

Cause: ex06_mean
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    weighted = weights.unsqueeze(-1) * V.unsqueeze(-3)
    return weighted.mean(dim=-2)
