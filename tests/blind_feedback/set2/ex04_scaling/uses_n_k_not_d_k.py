"""MISTAKE: The argument d_k is ignored and the scale is taken from scores.shape[-1], which is n_k (the number of keys), so it is only right when n_k happens to equal d_k.
FIX: Divide by math.sqrt(d_k) using the d_k argument.

Cause: ex04_last_dim
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / math.sqrt(scores.shape[-1])
