"""MISTAKE: soft_lookup divides the scores by sqrt(d) before the softmax (copied from scaled dot-product attention), although this exercise uses unscaled scores, so the weights come out too flat and the blend is wrong whenever d > 1.
FIX: Softmax the raw scores keys @ query, with no scaling.
"""
from __future__ import annotations

import math

import torch


def hard_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    return values[torch.argmax(keys @ query)]


def soft_lookup(query: torch.Tensor, keys: torch.Tensor, values: torch.Tensor) -> torch.Tensor:
    scores = keys @ query / math.sqrt(query.shape[-1])
    weights = torch.softmax(scores, dim=-1)
    return weights @ values
