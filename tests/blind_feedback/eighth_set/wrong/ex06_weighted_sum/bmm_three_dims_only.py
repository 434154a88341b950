"""MISTAKE: It uses torch.bmm, which needs exactly one batch dimension (3-D tensors), so it raises for unbatched [n_q, n_k] inputs and for two or more batch dimensions.
FIX: Use @ (torch.matmul), which handles any number of leading dims.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.bmm(weights, V)
