"""MISTAKE: soft_lookup loops over the items and turns every weight into a Python float with .item(), so the result is cut off from the autograd graph of the query and the keys (only values still get a gradient). The numbers are right; it shows as soon as gradients with respect to query or keys are checked.
FIX: Keep the weights as a tensor and blend with weights @ values so the gradient flows back through the softmax.

Cause: numbers_line
"""

from __future__ import annotations

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    weights = torch.softmax(scores, dim=0)
    out = torch.zeros_like(values[0])
    for i in range(values.shape[0]):
        w = weights[i].item()                     # plain number for this item
        out = out + w * values[i]
    return out
