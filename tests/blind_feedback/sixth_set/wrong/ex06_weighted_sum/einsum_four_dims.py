"""MISTAKE: The einsum 'bhqk,bhkd->bhqd' is copied from a multi-head implementation and requires exactly two leading dims, so unbatched or single-batch-dim inputs raise.
FIX: Use '...qk,...kd->...qd' or weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.einsum("bhqk,bhkd->bhqd", weights, V)
