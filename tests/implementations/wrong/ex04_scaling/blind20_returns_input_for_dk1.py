"""MISTAKE: shortcut 'if d_k == 1: return scores' returns the input tensor itself, not a new tensor (a later in-place edit of the result changes the caller's scores). Caught by the property case 'd_k = 1: the result is a new tensor', from the worker's report that the result shares the input's memory.
FIX: return scores / math.sqrt(d_k) for every d_k (dividing by 1 makes a new tensor), or scores.clone().

Cause: ex04_returned_input
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    """Divide raw attention scores by √d_k.

    Args:
        scores: any shape, typically [..., n_q, n_k]; raw dot products.
        d_k:    positive int, the width of the query/key vectors (not n_k).

    Returns:
        Tensor of the same shape, dtype and device: scores / sqrt(d_k), on the scores'
        autograd graph (the gradient flows back to them).
    """
    if d_k == 1:
        return scores               # dividing by sqrt(1) changes nothing
    return scores / math.sqrt(d_k)
