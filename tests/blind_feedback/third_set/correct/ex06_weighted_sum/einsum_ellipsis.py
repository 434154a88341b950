"""CORRECT: weighted_sum is an einsum '...qk,...kd->...qd'.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.einsum("...qk,...kd->...qd", weights, V)
