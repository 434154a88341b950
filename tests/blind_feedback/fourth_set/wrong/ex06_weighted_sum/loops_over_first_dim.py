"""MISTAKE: Loops over the first dimension assuming it is the batch, so an unbatched [n_q, n_k] input is iterated row by row and each "matrix" product becomes a dot product (wrong shape or an error).
FIX: Let matmul broadcast over all leading dims: return weights @ V.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    outputs = [w @ v for w, v in zip(weights, V)]
    return torch.stack(outputs)
