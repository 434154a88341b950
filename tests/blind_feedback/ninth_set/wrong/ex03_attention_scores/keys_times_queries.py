"""MISTAKE: The operands are in the wrong order, K @ Qᵀ, so the result is the transposed table [..., n_k, n_q] (rows are keys, columns are queries); it only looks right when n_q == n_k and the table happens to be symmetric, e.g. when Q and K are the same tensor.
FIX: Put the queries first: `Q @ K.transpose(-2, -1)`.
"""
from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return K @ Q.transpose(-2, -1)
