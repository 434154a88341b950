"""hard_lookup slices values[i:i+1] and then calls .squeeze(), which also removes the value dimension when d_v == 1 and returns a 0-d tensor instead of shape [d_v].

FIX: Index with the integer directly (values[i]) or squeeze only dim 0.

Caught by: blind set 6.

Cause: squeezed
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    i = int(torch.argmax(keys @ query))
    return values[i:i + 1].squeeze()


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=-1)
    return weights @ values
