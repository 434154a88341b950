"""It uses * (elementwise multiply) instead of @ (matrix product), so it returns weights[i, j] * V[i, j] rather than a blend of rows, raising or giving a wrong [n, n] result.

FIX: Use the matrix product weights @ V.

Caught by: blind set 7.

Cause: ex06_elementwise
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights * V
