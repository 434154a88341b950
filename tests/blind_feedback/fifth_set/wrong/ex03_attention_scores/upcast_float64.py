"""MISTAKE: Computes the dot products in float64 "for accuracy" and forgets to cast back, so float32 inputs return float64 scores.
FIX: Compute in the input dtype (or cast the result back with .to(Q.dtype)).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q.double() @ K.double().transpose(-2, -1)
