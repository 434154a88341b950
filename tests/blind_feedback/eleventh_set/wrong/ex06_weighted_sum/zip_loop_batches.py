"""MISTAKE: loops over the first dimension, assuming it is a batch dimension; for an unbatched [n_q, n_k] input the loop runs over query rows and multiplies a weight row by a value row, which raises (or, when n_k == d_v, returns a 1-D tensor of dot products).
FIX: drop the loop; weights @ V already broadcasts over any number of leading dimensions.
"""
from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    outs = [w @ v for w, v in zip(weights, V)]
    return torch.stack(outs)
