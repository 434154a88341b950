"""MISTAKE: It uses torch.bmm, which requires exactly one batch dimension (3-D tensors), so unbatched [n_q, n_k] inputs or inputs with several batch dims raise.
FIX: Use weights @ V (torch.matmul), which broadcasts over any leading dims.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.bmm(weights, V)
