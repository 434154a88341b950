"""MISTAKE: Uses torch.bmm, which only accepts 3-D tensors [B, n, d]; unbatched inputs and inputs with two batch dimensions raise.
FIX: Use weights @ V (torch.matmul), which broadcasts over any number of leading dimensions.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return torch.bmm(weights, V)
