"""MISTAKE: Uses K.T, which reverses all dimensions, not just the last two. Correct for 2-D Q and K, but for batched inputs [..., n_k, d_k] it scrambles the batch axis into the product and errors or returns garbage.
FIX: Swap only the last two dims: Q @ K.transpose(-2, -1) (or K.mT).
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return Q @ K.T
