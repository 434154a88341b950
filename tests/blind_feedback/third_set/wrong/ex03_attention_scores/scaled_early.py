"""MISTAKE: attention_scores already divides by sqrt(d_k), although this step must return raw unscaled dot products.
FIX: Return Q @ Kᵀ without dividing; scaling is exercise 04.
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    d_k = Q.size(-1)
    return (Q @ K.transpose(-2, -1)) / d_k ** 0.5
