"""MISTAKE: It loops over `weights` assuming its rows are the queries, but iterating a tensor walks its first axis, which is the batch axis for batched input: each weights[b] is multiplied with the whole batched V, giving shape [B, B, n_q, d_v] (2-D inputs happen to be right).
FIX: Drop the loop and return `weights @ V`, which handles every leading dim.

Cause: loop_first_axis
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    rows = [row @ V for row in weights]
    return torch.stack(rows)
