"""MISTAKE: soft_lookup divides the scores by sqrt(d) before the softmax, copying the lesson's full attention formula, although this exercise asks for unscaled scores. It shows for any d > 1 (d = 1 happens to be unaffected), where the weights come out too flat.
FIX: Softmax the raw scores keys @ query without any scaling.
"""

from __future__ import annotations

import math

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query
    return values[torch.argmax(scores)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    d = query.shape[-1]
    scores = keys @ query / math.sqrt(d)          # keep the softmax out of saturation
    weights = torch.softmax(scores, dim=0)
    return weights @ values
