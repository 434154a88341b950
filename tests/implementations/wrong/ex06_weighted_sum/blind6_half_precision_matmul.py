"""The product is done in float16 "for speed" and cast back, which rounds every result to about 3 decimal digits and overflows to inf for values above 65504.

FIX: Multiply in the inputs' dtype: weights @ V.

Caught by: blind set 6.

Cause: half_precision
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    out = weights.half() @ V.half()
    return out.to(V.dtype)
