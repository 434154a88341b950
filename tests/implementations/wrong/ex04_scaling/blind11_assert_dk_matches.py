"""MISTAKE: a defensive assert demands that d_k equal the scores' last dimension (the number of keys), so valid calls with n_k != d_k raise an AssertionError.
FIX: drop the assert (at most check d_k > 0); d_k is the query/key width, not n_k.

Cause: wrong_assert
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    assert d_k > 0 and scores.shape[-1] == d_k, "d_k must match the scores"
    return scores / math.sqrt(d_k)
