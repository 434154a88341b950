"""MISTAKE: It uses the in-place unsqueeze_ on the weights to broadcast against V, which permanently adds a dimension to the caller's weights tensor (the output itself is right, but the input is modified).
FIX: Use the out-of-place weights.unsqueeze(-1), or simply weights @ V.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return (weights.unsqueeze_(-1) * V.unsqueeze(-3)).sum(dim=-2)
