"""The new tensor is made with torch.tensor(scores) before dividing, which copies the data without its autograd history, so no gradient flows back to the scores.

FIX: Divide directly, scores / math.sqrt(d_k); the division already returns a new tensor.

Caught by: blind set 6.

Cause: rebuilt_tensor
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    out = torch.tensor(scores, dtype=scores.dtype, device=scores.device)
    return out / math.sqrt(d_k)
