"""MISTAKE: Accumulates the blend in a loop into torch.zeros(...) created with the default dtype (float32) on the CPU; float16 inputs come back as float32, and inputs on a GPU fail against the CPU accumulator.
FIX: Create the accumulator with V.new_zeros (or just return weights @ V) so dtype and device follow the inputs.
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    n_k = V.shape[-2]
    out = torch.zeros(*weights.shape[:-1], V.shape[-1])
    for j in range(n_k):
        out = out + weights[..., :, j : j + 1] * V[..., j : j + 1, :]
    return out
