"""MISTAKE: soft_lookup scales the value rows in place (values.mul_) to save memory and then sums them, so the caller's values tensor is overwritten with the weighted rows (and autograd refuses it when values requires grad).
FIX: Compute the weighted rows out of place, e.g. weights @ values, leaving the inputs untouched.
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    weights = torch.softmax(keys @ query, dim=0)
    return values.mul_(weights[:, None]).sum(dim=0)
