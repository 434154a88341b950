"""MISTAKE: The max and the sum along dim are taken without keepdim=True, so with the default dim=-1 on inputs of 2+ dimensions the per-row results broadcast along the last axis instead of per row (wrong values for square inputs, a shape error otherwise); 1-D inputs are fine.
FIX: Use keepdim=True for both the max and the sum so they broadcast along dim.

Cause: ex05_no_keepdim
"""

from __future__ import annotations

import torch


def softmax(x: torch.Tensor, dim: int = -1) -> torch.Tensor:
    x_max = x.max(dim=dim).values
    exps = torch.exp(x - x_max)
    return exps / exps.sum(dim=dim)
