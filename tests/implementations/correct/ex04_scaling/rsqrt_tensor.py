"""Correct: torch.rsqrt of a tensor built with scores' dtype and device.

Meant to satisfy the whole contract of ex04_scaling.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores, d_k):
    inv = torch.rsqrt(torch.tensor(float(d_k), dtype=scores.dtype, device=scores.device))
    return scores * inv
