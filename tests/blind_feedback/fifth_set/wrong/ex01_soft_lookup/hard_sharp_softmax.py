"""MISTAKE: hard_lookup is written as a softmax with a tiny temperature (0.01) followed by a weighted average, so it returns a blend of value rows that is only close to the winner's row when the best keys are far apart.
FIX: Take the argmax of keys @ query and index that one value row, exactly.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    temperature = 0.01
    weights = torch.softmax((keys @ query) / temperature, dim=0)
    return weights @ values


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return weights @ values
