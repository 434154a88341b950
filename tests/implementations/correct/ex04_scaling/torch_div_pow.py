"""Correct: torch.div by d_k ** 0.5.

Meant to satisfy the whole contract of ex04_scaling.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores, d_k):
    return torch.div(scores, d_k ** 0.5)
