"""MISTAKE: The product is written K @ Qᵀ, which returns the transposed table [..., n_k, n_q] (keys as rows), only coinciding with the right answer when Q and K are the same tensor.
FIX: Put the queries on the left: Q @ K.transpose(-2, -1).

Cause: ex03_k_qt
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return K @ Q.transpose(-2, -1)
