"""MISTAKE: The blend is written (weights.unsqueeze(-1) * V).sum(-2), which lines up correctly only for 2-D inputs; with batch dims V is not given a query axis, so its batch dim broadcasts against n_q (error or wrong values).
FIX: Use weights @ V (or unsqueeze V at -3 as well).

Cause: ex06_no_query_axis
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return (weights.unsqueeze(-1) * V).sum(dim=-2)
