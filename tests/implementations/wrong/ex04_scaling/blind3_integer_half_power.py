"""scale_scores writes d_k ** (1 // 2); integer division makes the exponent 0, so it divides by 1.

Caught by: blind set 3.

Cause: ex04_unscaled
"""

from __future__ import annotations

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    return scores / d_k ** (1 // 2)
