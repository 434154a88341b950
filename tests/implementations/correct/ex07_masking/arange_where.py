"""Correct: arange comparison on device; torch.where(mask != 0, scores, -inf).

Meant to satisfy the whole contract of ex07_masking.
"""

from __future__ import annotations

import math

import torch


def causal_mask(n, device=None):
    idx = torch.arange(n, device=device)
    return idx[None, :] <= idx[:, None]


def apply_mask(scores, mask):
    return torch.where(mask != 0, scores, float("-inf"))
