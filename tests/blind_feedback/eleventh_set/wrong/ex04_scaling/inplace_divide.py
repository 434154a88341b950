"""MISTAKE: divides with the in-place /=, so the caller's scores tensor is overwritten and the returned tensor is the input itself (and autograd refuses it for leaf tensors that require grad).
FIX: return a new tensor: scores / math.sqrt(d_k).
"""
from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    scores /= math.sqrt(d_k)
    return scores
