"""MISTAKE: the einsum subscripts "qk,kd->qd" have no "..." so only unbatched inputs work.
FIX: use `torch.einsum("...qk,...kd->...qd", weights, V)` or simply `weights @ V`.

Correct for 2-D inputs; raises as soon as there is a batch dimension.

Cause: einsum_fixed_dims
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.einsum("qk,kd->qd", weights, V)
