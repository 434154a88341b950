"""MISTAKE: The scores are upcast with .float() "for numerical safety" and never cast back, so float64 and half-precision inputs come back as float32.
FIX: Divide in the input's own dtype, or cast the result back with .to(scores.dtype).
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores.float() / math.sqrt(d_k)
