"""MISTAKE: Builds the divisor as a one-element float32 tensor, torch.sqrt(torch.tensor([d_k])); a 1-d tensor takes part in type promotion, so float16 scores come back as float32 (and 0-d scores come back with shape [1]).
FIX: Divide by a Python float, math.sqrt(d_k), which keeps the scores' shape, dtype and device.
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    divisor = torch.sqrt(torch.tensor([float(d_k)]))
    return scores / divisor
