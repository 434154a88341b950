"""MISTAKE: already divides by sqrt(d_k) here, but this step must return the raw, unscaled dot products.
FIX: return `Q @ K.transpose(-2, -1)` only; scaling is the next exercise's job.

Any input with d_k > 1 shows it.

Cause: ex03_scaled
"""

from __future__ import annotations

import math

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    d_k = Q.shape[-1]
    return Q @ K.transpose(-2, -1) / math.sqrt(d_k)
