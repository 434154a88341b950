"""MISTAKE: Transposes the weights before the product, thinking the keys must be the rows, so output row i blends the values with column i of the weights (how much each query looks at key i); wrong whenever the weights are not symmetric, and a shape error when n_q != n_k.
FIX: Use the weights as given: row i of weights @ V is sum_j weights[i, j] * V[j].
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    return weights.transpose(-2, -1) @ V
