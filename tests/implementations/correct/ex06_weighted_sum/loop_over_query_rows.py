"""Correct: Loop over the query rows, stack along dim -2.

Meant to satisfy the whole contract of ex06_weighted_sum.
"""

from __future__ import annotations

import math

import torch


def weighted_sum(weights, V):
    rows = [(weights[..., i, :].unsqueeze(-1) * V).sum(dim=-2) for i in range(weights.size(-2))]
    return torch.stack(rows, dim=-2)
