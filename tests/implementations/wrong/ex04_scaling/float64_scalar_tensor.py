"""Divides by a float64 0-d tensor torch.tensor(math.sqrt(d_k), dtype=torch.float64).

Exposed by: 0-d (scalar) float32 scores are promoted to float64; scores of any shape are allowed. Batched scores pass (0-d tensors do not promote).

Cause: ex04_float64_tensor
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores, d_k):
    return scores / torch.tensor(math.sqrt(d_k), dtype=torch.float64)
