"""MISTAKE: operands in the wrong order, K @ Qᵀ, so rows are keys and columns are queries ([..., n_k, n_q]).
FIX: return `Q @ K.transpose(-2, -1)`, queries on the rows.

With n_q != n_k the shape is transposed; with n_q == n_k the shape passes but the
table is the transpose of the right one.

Cause: ex03_k_qt
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return K @ Q.transpose(-2, -1)
