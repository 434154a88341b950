"""MISTAKE: multiplies Q and K elementwise and sums the features, which only pairs query i with key i instead of every query with every key.
FIX: use a matrix product, `Q @ K.transpose(-2, -1)`, to get all n_q x n_k pairs.

Raises when n_q != n_k; when n_q == n_k it returns only the diagonal of the score
table, shape [..., n] instead of [..., n, n].

Cause: ex03_rowwise
"""

from __future__ import annotations

import torch


def attention_scores(Q: torch.Tensor, K: torch.Tensor) -> torch.Tensor:
    return (Q * K).sum(dim=-1)
