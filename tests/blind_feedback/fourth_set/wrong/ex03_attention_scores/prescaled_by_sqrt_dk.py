"""MISTAKE: Divides by √d_k already here, but this step must return the raw, unscaled dot products (scaling is exercise 04).
FIX: Return Q @ K.transpose(-2, -1) without dividing.
"""
from __future__ import annotations

import math

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    d_k = Q.shape[-1]
    return Q @ K.transpose(-2, -1) / math.sqrt(d_k)
