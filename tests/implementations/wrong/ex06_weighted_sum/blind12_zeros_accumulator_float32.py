"""MISTAKE: Accumulates the blend key by key into a torch.zeros(...) buffer created without dtype or device, i.e. float32 on the CPU. The numbers are right, but float16/bfloat16 inputs come back as float32 (and GPU inputs would fail); only float32 and float64 keep their dtype.
FIX: Create the buffer with the inputs' dtype and device (e.g. V.new_zeros(...)) or simply return weights @ V.

Caught by: the meta-device case (the device; blind set 22's ex06 w06 makes the same buffer
with dtype= and no device=, and passes every case on the CPU), and the float16 case.

Cause: made_on_cpu
"""

from __future__ import annotations

import torch


def weighted_sum(weights: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
    n_k = weights.shape[-1]
    out = torch.zeros(*weights.shape[:-1], V.shape[-1])      # [..., n_q, d_v]
    for j in range(n_k):
        # weights[..., :, j] for every query, times value row j
        out = out + weights[..., :, j : j + 1] * V[..., j : j + 1, :]
    return out
