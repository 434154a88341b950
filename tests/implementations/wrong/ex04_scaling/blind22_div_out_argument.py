"""MISTAKE: scale_scores writes the quotient with torch.div(..., out=torch.empty_like(scores)): the values are right, but autograd refuses out= when the scores require grad, so the gradient case raises.
FIX: Return the division itself, `scores / math.sqrt(d_k)`.

Caught by: blind set 22 (the gradient case: torch's error, raised at the line with `out=`).

Cause: out_argument
"""

from __future__ import annotations

import math

import torch


def scale_scores(scores: torch.Tensor, d_k: int) -> torch.Tensor:
    result = torch.empty_like(scores)
    torch.div(scores, math.sqrt(d_k), out=result)
    return result
